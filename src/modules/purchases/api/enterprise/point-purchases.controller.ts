import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { PointPurchasesRoutes } from '../point-purchases.routes';

@EnterpriseApi()
@Controller('points')
export class EnterprisePointPurchasesController extends PointPurchasesRoutes {}
