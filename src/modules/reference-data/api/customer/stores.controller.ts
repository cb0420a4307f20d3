import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { StoresRoutes } from '../stores.routes';

@CustomerApi()
@Controller('stores')
export class CustomerStoresController extends StoresRoutes {}
