import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CreditsRoutes } from '../credits.routes';

@EnterpriseApi()
@Controller('credits')
export class EnterpriseCreditsController extends CreditsRoutes {}
