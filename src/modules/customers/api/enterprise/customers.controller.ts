import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CustomersRoutes } from '../customers.routes';

@EnterpriseApi()
@Controller('customers')
export class EnterpriseCustomersController extends CustomersRoutes {}
