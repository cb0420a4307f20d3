import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CountriesRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('countries')
export class CustomerCountriesController extends CountriesRoutes {}
