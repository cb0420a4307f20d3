import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { PointsRoutes } from '../points.routes';

@EnterpriseApi()
@Controller('points')
export class EnterprisePointsController extends PointsRoutes {}
