import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CustomerSourcesRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('customer-sources')
export class EnterpriseCustomerSourcesController extends CustomerSourcesRoutes {}
