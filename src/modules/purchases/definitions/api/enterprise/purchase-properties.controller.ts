import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { PurchasePropertiesRoutes } from '../purchase-properties.routes';

@EnterpriseApi()
@Controller('purchase-properties')
export class EnterprisePurchasePropertiesController extends PurchasePropertiesRoutes {}
