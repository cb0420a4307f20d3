import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { StatusesRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('statuses')
export class EnterpriseStatusesController extends StatusesRoutes {}
