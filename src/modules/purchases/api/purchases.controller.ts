import { Body, Get, Headers, HttpCode, Inject, Param, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  ApiInterface,
  ApiResource,
  CurrentActor,
  ListQueryDto,
  Offers,
  RequiresCustomer,
  dataEnvelope,
  listEnvelope,
  toPageRequest,
  responseOutput,
} from '@tessera/http';
import {
  PaymentSummaryResponseDto,
  PurchaseItemListResponseDto,
  PurchaseListResponseDto,
  PurchaseResponseDto,
} from '../dto/purchase-response.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  POINT_SORT_FIELDS,
  PointListResponseDto,
  toPointDto,
  toVoucherDto,
  VOUCHER_SORT_FIELDS,
  VoucherListResponseDto,
} from '../../loyalty';
import { PurchaseBodyDto, PurchaseListQueryDto } from '../dto/purchase.dto';
import { PURCHASE_ITEM_SORT_FIELDS, PURCHASE_SORT_FIELDS, PurchaseQueryService } from '../purchase-query.service';
import { toPaymentSummaryDto, toPurchaseDto, toPurchaseItemDto } from '../purchase.mapper';

/** Purchase reads both interfaces offer (on the Customer interface, the logged-in customer's purchases); PUT is Enterprise-only. */
@ApiResource('purchases')
@ApiTags('Purchases')
export class PurchasesController {
  constructor(
    private readonly purchases: PurchaseQueryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Purchases, oldest payment first unless sorted otherwise',
    description:
      "Lists purchases, cancellations included, oldest payment first unless sorted; external_purchase_id finds a purchase by its bill_id. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PurchaseListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: PurchaseListQueryDto) {
    const page = await this.purchases.list(actor, query, toPageRequest(query, PURCHASE_SORT_FIELDS));
    return listEnvelope('purchases', page, (view) => toPurchaseDto(view, this.config.timeZone));
  }

  @Get(':purchase_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One purchase with its items and property values',
    description: "Reads one purchase with its items and property values. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PurchaseResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('purchase_id') purchaseId: string): Promise<PurchaseResponseDto> {
    return dataEnvelope(toPurchaseDto(await this.purchases.get(actor, purchaseId), this.config.timeZone));
  }

  @Put(':purchase_id')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: "Give an anonymous purchase its customer (awarding the points it earned); a purchase's customer cannot change",
    description:
      'Updates a purchase, which needs customer_id or card_number. Naming a customer for a purchase booked without one assigns it, and the customer receives the points it would have earned; a purchase that has a customer keeps it (400 when another is sent).',
  })
  @ApiNoContentResponse()
  async replace(@CurrentActor() actor: Actor, @Param('purchase_id') purchaseId: string, @Body() body: PurchaseBodyDto): Promise<void> {
    await this.purchases.replace(actor, purchaseId, body.purchase);
  }

  @Get(':purchase_id/purchase-items')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'The items of a purchase, in bill order unless sorted otherwise',
    description:
      "Lists the items of a purchase in the order of the bill unless sorted. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PurchaseItemListResponseDto })
  async items(@CurrentActor() actor: Actor, @Param('purchase_id') purchaseId: string, @Query() query: ListQueryDto) {
    const page = await this.purchases.listItems(actor, purchaseId, toPageRequest(query, PURCHASE_ITEM_SORT_FIELDS));
    return listEnvelope('purchase_items', page, (view) => toPurchaseItemDto(view, this.config.timeZone));
  }

  @Get(':purchase_id/vouchers')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Vouchers the purchase used',
    description:
      "Lists the vouchers a purchase used, including those issued for reward codes it paid with. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: VoucherListResponseDto })
  async vouchers(
    @CurrentActor() actor: Actor,
    @Param('purchase_id') purchaseId: string,
    @Query() query: ListQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const page = await this.purchases.listVouchers(actor, purchaseId, toPageRequest(query, VOUCHER_SORT_FIELDS));
    return listEnvelope('vouchers', page, (view) => toVoucherDto(view, responseOutput(this.config, acceptLanguage)));
  }

  @Get(':purchase_id/points')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Point records the purchase wrote: earned, paid, spent on rewards or reversed',
    description:
      "Lists the point records a purchase wrote: points earned, points paid, points spent on reward codes and their reversal by a cancellation. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PointListResponseDto })
  async points(@CurrentActor() actor: Actor, @Param('purchase_id') purchaseId: string, @Query() query: ListQueryDto) {
    const page = await this.purchases.listPoints(actor, purchaseId, toPageRequest(query, POINT_SORT_FIELDS));
    return listEnvelope('points', page, (point) => toPointDto(point, this.config.timeZone));
  }

  @Get(':purchase_id/actions/payment-summary')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Points earned and used, credits used and vouchers used by a purchase',
    description:
      "Sums up what a purchase did to the customer's account: points earned and used, credits used and the vouchers used. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PaymentSummaryResponseDto })
  async paymentSummary(
    @CurrentActor() actor: Actor,
    @Param('purchase_id') purchaseId: string,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<PaymentSummaryResponseDto> {
    return dataEnvelope(
      toPaymentSummaryDto(await this.purchases.paymentSummary(actor, purchaseId), responseOutput(this.config, acceptLanguage)),
    );
  }
}
