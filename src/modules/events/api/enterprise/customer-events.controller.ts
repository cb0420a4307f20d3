import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CustomerEventsRoutes } from '../customer-events.routes';

@EnterpriseApi()
@Controller('customers')
export class EnterpriseCustomerEventsController extends CustomerEventsRoutes {}
