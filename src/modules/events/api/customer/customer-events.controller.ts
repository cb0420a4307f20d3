import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CustomerEventsRoutes } from '../customer-events.routes';

@CustomerApi()
@Controller('customers')
export class CustomerCustomerEventsController extends CustomerEventsRoutes {}
