import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CreditPurchasesRoutes } from '../credit-purchases.routes';

@CustomerApi()
@Controller('credits')
export class CustomerCreditPurchasesController extends CreditPurchasesRoutes {}
