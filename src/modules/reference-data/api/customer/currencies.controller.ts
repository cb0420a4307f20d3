import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CurrenciesRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('currencies')
export class CustomerCurrenciesController extends CurrenciesRoutes {}
