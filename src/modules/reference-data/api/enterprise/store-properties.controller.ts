import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { StorePropertiesRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('store-properties')
export class EnterpriseStorePropertiesController extends StorePropertiesRoutes {}
