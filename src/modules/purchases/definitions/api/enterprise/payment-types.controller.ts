import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { PaymentTypesRoutes } from '../payment-types.routes';

@EnterpriseApi()
@Controller('payment-types')
export class EnterprisePaymentTypesController extends PaymentTypesRoutes {}
