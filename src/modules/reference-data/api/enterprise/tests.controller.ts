import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { ConnectionTestRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('tests')
export class EnterpriseConnectionTestController extends ConnectionTestRoutes {}
