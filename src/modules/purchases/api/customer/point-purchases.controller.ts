import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { PointPurchasesRoutes } from '../point-purchases.routes';

@CustomerApi()
@Controller('points')
export class CustomerPointPurchasesController extends PointPurchasesRoutes {}
