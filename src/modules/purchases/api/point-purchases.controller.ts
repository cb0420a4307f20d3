import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers, RequiresCustomer, listEnvelope, toPageRequest } from '@tessera/http';
import { PurchaseListResponseDto } from '../dto/purchase-response.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PointPurchaseListQueryDto } from '../dto/purchase.dto';
import { PURCHASE_SORT_FIELDS, PurchaseQueryService } from '../purchase-query.service';
import { toPurchaseDto } from '../purchase.mapper';

/** The purchases that moved a point record, under /points/{point_id}. */
@ApiResource('points')
@ApiTags('Points')
export class PointPurchasesController {
  constructor(
    private readonly purchases: PurchaseQueryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':point_id/purchases')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Purchases that earned, spent or reversed a point record',
    description:
      "Lists the purchases linked to a point record: those that earned its points or spent them, and cancellations that reversed either. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PurchaseListResponseDto })
  async purchasesOf(@CurrentActor() actor: Actor, @Param('point_id') pointId: string, @Query() query: PointPurchaseListQueryDto) {
    const page = await this.purchases.listForPoint(actor, pointId, query, toPageRequest(query, PURCHASE_SORT_FIELDS));
    return listEnvelope('purchases', page, (view) => toPurchaseDto(view, this.config.timeZone));
  }
}
