import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CustomerSourceRecordsRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('customer-source-records')
export class EnterpriseCustomerSourceRecordsController extends CustomerSourceRecordsRoutes {}
