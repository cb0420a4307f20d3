import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CustomerActionsRoutes } from '../customer-actions.routes';

@CustomerApi()
@Controller('customers/actions')
export class CustomerCustomerActionsController extends CustomerActionsRoutes {}
