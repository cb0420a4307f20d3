import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { StoreGroupsRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('store-groups')
export class EnterpriseStoreGroupsController extends StoreGroupsRoutes {}
