import { Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers, RequiresCustomer, listEnvelope, toPageRequest, responseOutput } from '@tessera/http';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import { CustomerRewardListQueryDto, RewardListResponseDto } from '../dto/reward.dto';
import { CustomerVoucherListQueryDto, VoucherListResponseDto } from '../dto/voucher.dto';
import { toRewardDto, toVoucherDto } from '../rewards.mapper';
import { REWARD_SORT_FIELDS, RewardService } from '../reward.service';
import { VOUCHER_SORT_FIELDS, VoucherService } from '../voucher.service';

/** A customer's vouchers and the rewards open to them, under /customers/{customer_id}. */
@ApiResource('customers')
@ApiTags('Customers')
export class CustomerRewardsController {
  constructor(
    private readonly rewards: RewardService,
    private readonly vouchers: VoucherService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':customer_id/vouchers')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A customer's vouchers",
    description:
      "Lists one customer's vouchers, filtered by code, store, reward, validity now or whether they are applied. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: VoucherListResponseDto })
  async vouchersOf(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Query() query: CustomerVoucherListQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const page = await this.vouchers.listForCustomer(actor, customerId, query, toPageRequest(query, VOUCHER_SORT_FIELDS));
    return listEnvelope('vouchers', page, (view) => toVoucherDto(view, responseOutput(this.config, acceptLanguage)));
  }

  @Get(':customer_id/rewards')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Active rewards open to a customer (no segment limit, or a segment the customer is in)',
    description:
      "Lists the active rewards a customer may get: those without a segment limit and those limited to a segment the customer belongs to. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: RewardListResponseDto })
  async rewardsOf(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Query() query: CustomerRewardListQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const page = await this.rewards.listForCustomer(actor, customerId, query, toPageRequest(query, REWARD_SORT_FIELDS));
    return listEnvelope('rewards', page, (view) => toRewardDto(view, responseOutput(this.config, acceptLanguage)));
  }
}
