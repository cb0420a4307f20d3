import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { ProductGroupsRoutes } from '../product-groups.routes';

@CustomerApi()
@Controller('product-groups')
export class CustomerProductGroupsController extends ProductGroupsRoutes {}
