import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { PointsRoutes } from '../points.routes';

@CustomerApi()
@Controller('points')
export class CustomerPointsController extends PointsRoutes {}
