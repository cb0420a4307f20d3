import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CreditHistoryRoutes } from '../credit-history.routes';

@EnterpriseApi()
@Controller('credit-history')
export class EnterpriseCreditHistoryController extends CreditHistoryRoutes {}
