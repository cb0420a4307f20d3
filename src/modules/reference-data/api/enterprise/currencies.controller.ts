import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CurrenciesRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('currencies')
export class EnterpriseCurrenciesController extends CurrenciesRoutes {}
