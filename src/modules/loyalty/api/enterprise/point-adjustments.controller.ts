import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { PointAdjustmentsRoutes } from '../point-adjustments.routes';

@EnterpriseApi()
@Controller('points')
export class EnterprisePointAdjustmentsController extends PointAdjustmentsRoutes {}
