import { Body, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  Actor,
  ApiInterface,
  ApiResource,
  batchAnswer,
  CurrentActor,
  ErrorProcessing,
  Offers,
  RequiresCustomer,
  dataEnvelope,
  listEnvelope,
  toPageRequest,
  responseOutput,
} from '@tessera/http';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import {
  ApplyVoucherBodyDto,
  GiftCardBalanceBodyDto,
  GiftCardBalanceResponseDto,
  VoucherBatchBodyDto,
  VoucherBodyDto,
  VoucherListQueryDto,
  VoucherListResponseDto,
  VoucherPropertyRecordListResponseDto,
  VoucherResponseDto,
} from '../dto/voucher.dto';
import { toGiftCardBalanceDto, toPropertyRecordDto, toVoucherDto } from '../rewards.mapper';
import { VOUCHER_SORT_FIELDS, VoucherService } from '../voucher.service';

/** Vouchers; on the Customer interface they are the logged-in customer's, and importing vouchers is the Enterprise interface's. */
@ApiResource('vouchers')
@ApiTags('Vouchers')
export class VouchersController {
  constructor(
    private readonly vouchers: VoucherService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Vouchers; service vouchers only with include_service_vouchers',
    description:
      "Lists vouchers. Service vouchers (codes starting canceled_ or initial_) are left out unless include_service_vouchers is true; is_applied looks at the applied date, is_valid at the validity window now, store_id keeps vouchers of rewards usable in that store. On the Customer interface only the logged-in customer's vouchers.",
  })
  @ApiOkResponse({ type: VoucherListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: VoucherListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.vouchers.list(actor, query, toPageRequest(query, VOUCHER_SORT_FIELDS));
    return listEnvelope('vouchers', page, (view) => toVoucherDto(view, responseOutput(this.config, acceptLanguage)));
  }

  @Post('actions/gift-card-balance')
  @Offers('both')
  @HttpCode(200)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Current and original balance of a gift card voucher',
    description:
      'Answers how much of a gift card voucher is left and what it started with. Purchases spend part of the balance; applying the voucher spends it whole.',
  })
  @ApiOkResponse({ type: GiftCardBalanceResponseDto })
  async giftCardBalance(@CurrentActor() actor: Actor, @Body() body: GiftCardBalanceBodyDto) {
    return dataEnvelope(toGiftCardBalanceDto(await this.vouchers.giftCardBalance(actor, body)));
  }

  @Get(':voucher_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One voucher',
    description: "Reads one voucher by id. On the Customer interface another customer's voucher answers 404.",
  })
  @ApiOkResponse({ type: VoucherResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('voucher_id') voucherId: string, @Headers('accept-language') acceptLanguage?: string) {
    return dataEnvelope(toVoucherDto(await this.vouchers.get(actor, voucherId), responseOutput(this.config, acceptLanguage)));
  }

  @Get(':voucher_id/property-records')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Property values of a voucher',
    description: 'Lists the custom property values stored on a voucher.',
  })
  @ApiOkResponse({ type: VoucherPropertyRecordListResponseDto })
  async propertyRecords(@CurrentActor() actor: Actor, @Param('voucher_id') voucherId: string) {
    const page = await this.vouchers.propertyRecords(actor, voucherId);
    return listEnvelope('property_records', page, (record) => toPropertyRecordDto(record, this.config.timeZone));
  }

  @Put(':voucher_id')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Replace a voucher; fields left out are cleared',
    description:
      "Replaces a voucher's writable fields; fields left out are cleared. Moving a voucher to another customer needs a portable reward. On the Customer interface a customer may change only the note: any other changed value answers 400 not_allowed_value, so nobody can un-apply or extend their own voucher.",
  })
  @ApiNoContentResponse()
  async replace(@CurrentActor() actor: Actor, @Param('voucher_id') voucherId: string, @Body() body: VoucherBodyDto): Promise<void> {
    await this.vouchers.replace(actor, voucherId, body.voucher);
  }

  @Delete(':voucher_id')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Delete a voucher not applied yet, giving back the points it cost',
    description:
      'Removes a voucher that is not applied, not partly spent (gift cards) and used by no purchase, and gives back the points it cost in the same transaction. Otherwise answers 400 voucher_already_applied.',
  })
  @ApiNoContentResponse()
  async delete(@CurrentActor() actor: Actor, @Param('voucher_id') voucherId: string): Promise<void> {
    await this.vouchers.delete(actor, voucherId);
  }

  @Post(':voucher_id/actions/apply-voucher')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Mark a voucher applied',
    description:
      "Applies a voucher once: the row is locked, so concurrent applications apply it once. When a rule fails the answer is 400 on voucher_id with that rule's reason, e.g. voucher_already_applied, voucher_expired or voucher_not_allowed_in_store.",
  })
  @ApiNoContentResponse()
  async apply(@CurrentActor() actor: Actor, @Param('voucher_id') voucherId: string, @Body() body: ApplyVoucherBodyDto): Promise<void> {
    await this.vouchers.apply(actor, voucherId, body);
  }

  @Post('batch')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Import up to 1,000 vouchers issued elsewhere (no points are charged)',
    description:
      'Creates vouchers issued by another system, charging no points. With error_processing 1 all are stored or none; with 2 the valid ones are stored and, if any failed, the answer is 200 with data.errors listing each failed index and its invalid params.',
  })
  @ApiNoContentResponse({ description: 'Every voucher was imported' })
  async batch(@Body() body: VoucherBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.vouchers.batch(body.vouchers, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
