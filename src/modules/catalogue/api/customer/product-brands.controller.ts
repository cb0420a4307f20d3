import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { ProductBrandsRoutes } from '../product-brands.routes';

@CustomerApi()
@Controller('product-brands')
export class CustomerProductBrandsController extends ProductBrandsRoutes {}
