import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CreditTypesRoutes } from '../credit-types.routes';

@CustomerApi()
@Controller('credit-types')
export class CustomerCreditTypesController extends CreditTypesRoutes {}
