import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { PurchaseTypesRoutes } from '../purchase-types.routes';

@EnterpriseApi()
@Controller('purchase-types')
export class EnterprisePurchaseTypesController extends PurchaseTypesRoutes {}
