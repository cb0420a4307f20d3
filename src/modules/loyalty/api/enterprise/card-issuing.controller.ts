import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CardIssuingRoutes } from '../card-issuing.routes';

@EnterpriseApi()
@Controller('cards')
export class EnterpriseCardIssuingController extends CardIssuingRoutes {}
