import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CreditHistoryRoutes } from '../credit-history.routes';

@CustomerApi()
@Controller('credit-history')
export class CustomerCreditHistoryController extends CreditHistoryRoutes {}
