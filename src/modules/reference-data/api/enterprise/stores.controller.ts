import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { StoresRoutes } from '../stores.routes';

@EnterpriseApi()
@Controller('stores')
export class EnterpriseStoresController extends StoresRoutes {}
