import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CreditPurchasesRoutes } from '../credit-purchases.routes';

@EnterpriseApi()
@Controller('credits')
export class EnterpriseCreditPurchasesController extends CreditPurchasesRoutes {}
