import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { ConnectionTestRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('tests')
export class CustomerConnectionTestController extends ConnectionTestRoutes {}
