import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { StoreGroupsRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('store-groups')
export class CustomerStoreGroupsController extends StoreGroupsRoutes {}
