import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { PartnersRoutes } from '../partners.routes';

@EnterpriseApi()
@Controller('partners')
export class EnterprisePartnersController extends PartnersRoutes {}
