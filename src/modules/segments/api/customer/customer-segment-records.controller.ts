import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CustomerSegmentRecordsRoutes } from '../customer-segment-records.routes';

@CustomerApi()
@Controller('customers')
export class CustomerCustomerSegmentRecordsController extends CustomerSegmentRecordsRoutes {}
