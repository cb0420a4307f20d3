import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CardTypesRoutes } from '../card-types.routes';

@EnterpriseApi()
@Controller('card-types')
export class EnterpriseCardTypesController extends CardTypesRoutes {}
