import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers, RequiresCustomer, listEnvelope, toPageRequest } from '@tessera/http';
import { PurchaseListResponseDto } from '../dto/purchase-response.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CustomerPurchaseListQueryDto } from '../dto/purchase.dto';
import { PURCHASE_SORT_FIELDS, PurchaseQueryService } from '../purchase-query.service';
import { toPurchaseDto } from '../purchase.mapper';

/** A customer's purchases, under /customers/{customer_id}. */
@ApiResource('customers')
@ApiTags('Customers')
export class CustomerPurchasesController {
  constructor(
    private readonly purchases: PurchaseQueryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':customer_id/purchases')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A customer's purchases",
    description: "Lists one customer's purchases, cancellations included. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PurchaseListResponseDto })
  async purchasesOf(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: CustomerPurchaseListQueryDto) {
    const page = await this.purchases.listForCustomer(actor, customerId, query, toPageRequest(query, PURCHASE_SORT_FIELDS));
    return listEnvelope('purchases', page, (view) => toPurchaseDto(view, this.config.timeZone));
  }
}
