import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { PaymentTypesRoutes } from '../payment-types.routes';

@CustomerApi()
@Controller('payment-types')
export class CustomerPaymentTypesController extends PaymentTypesRoutes {}
