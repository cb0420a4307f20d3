import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CustomerSegmentRecordsRoutes } from '../customer-segment-records.routes';

@EnterpriseApi()
@Controller('customers')
export class EnterpriseCustomerSegmentRecordsController extends CustomerSegmentRecordsRoutes {}
