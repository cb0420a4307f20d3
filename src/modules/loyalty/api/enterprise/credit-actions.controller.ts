import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CreditActionsRoutes } from '../credit-actions.routes';

@EnterpriseApi()
@Controller('credits')
export class EnterpriseCreditActionsController extends CreditActionsRoutes {}
