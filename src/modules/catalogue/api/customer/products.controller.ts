import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { ProductsRoutes } from '../products.routes';

@CustomerApi()
@Controller('products')
export class CustomerProductsController extends ProductsRoutes {}
