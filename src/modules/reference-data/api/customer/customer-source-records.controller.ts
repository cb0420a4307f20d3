import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CustomerSourceRecordsRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('customer-source-records')
export class CustomerCustomerSourceRecordsController extends CustomerSourceRecordsRoutes {}
