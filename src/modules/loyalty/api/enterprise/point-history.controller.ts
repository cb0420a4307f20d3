import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { PointHistoryRoutes } from '../point-history.routes';

@EnterpriseApi()
@Controller('point-history')
export class EnterprisePointHistoryController extends PointHistoryRoutes {}
