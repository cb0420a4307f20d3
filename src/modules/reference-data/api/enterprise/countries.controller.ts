import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CountriesRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('countries')
export class EnterpriseCountriesController extends CountriesRoutes {}
