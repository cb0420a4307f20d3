import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { StatusesRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('statuses')
export class CustomerStatusesController extends StatusesRoutes {}
