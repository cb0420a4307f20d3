import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CustomerSourcesRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('customer-sources')
export class CustomerCustomerSourcesController extends CustomerSourcesRoutes {}
