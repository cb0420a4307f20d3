import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers, RequiresCustomer, listEnvelope, toPageRequest } from '@tessera/http';
import { PurchaseListResponseDto } from '../dto/purchase-response.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CreditPurchaseListQueryDto } from '../dto/purchase.dto';
import { PURCHASE_SORT_FIELDS, PurchaseQueryService } from '../purchase-query.service';
import { toPurchaseDto } from '../purchase.mapper';

/** The purchases that moved a credit record, under /credits/{credit_id}. */
@ApiResource('credits')
@ApiTags('Credits')
export class CreditPurchasesController {
  constructor(
    private readonly purchases: PurchaseQueryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':credit_id/purchases')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Purchases that paid with or reversed a credit record',
    description:
      "Lists the purchases linked to a credit record: those that paid with its credits and the cancellations that gave them back. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PurchaseListResponseDto })
  async purchasesOf(@CurrentActor() actor: Actor, @Param('credit_id') creditId: string, @Query() query: CreditPurchaseListQueryDto) {
    const page = await this.purchases.listForCredit(actor, creditId, query, toPageRequest(query, PURCHASE_SORT_FIELDS));
    return listEnvelope('purchases', page, (view) => toPurchaseDto(view, this.config.timeZone));
  }
}
