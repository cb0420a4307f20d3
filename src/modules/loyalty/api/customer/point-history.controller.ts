import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { PointHistoryRoutes } from '../point-history.routes';

@CustomerApi()
@Controller('point-history')
export class CustomerPointHistoryController extends PointHistoryRoutes {}
