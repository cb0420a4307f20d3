import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { PartnersRoutes } from '../partners.routes';

@CustomerApi()
@Controller('partners')
export class CustomerPartnersController extends PartnersRoutes {}
