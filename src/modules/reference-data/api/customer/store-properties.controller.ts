import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { StorePropertiesRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('store-properties')
export class CustomerStorePropertiesController extends StorePropertiesRoutes {}
