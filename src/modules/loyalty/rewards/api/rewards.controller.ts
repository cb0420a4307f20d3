import { Body, Get, Headers, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  ApiInterface,
  ApiResource,
  CurrentActor,
  Offers,
  dataEnvelope,
  listEnvelope,
  toPageRequest,
  responseOutput,
} from '@tessera/http';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import {
  RewardIdResponseDto,
  RewardListQueryDto,
  RewardListResponseDto,
  RewardProductBrandListResponseDto,
  RewardProductGroupListResponseDto,
  RewardProductListResponseDto,
  RewardRelationQueryDto,
  RewardResponseDto,
  RewardStoreListResponseDto,
  RewardStoreQueryDto,
  RewardTagListResponseDto,
  RewardTagQueryDto,
  SetRewardProductsBodyDto,
  SimpleRewardBodyDto,
} from '../dto/reward.dto';
import {
  CreateCustomVoucherBodyDto,
  CreateVoucherBodyDto,
  RewardVoucherQueryDto,
  VoucherIdResponseDto,
  VoucherListResponseDto,
} from '../dto/voucher.dto';
import { toRewardDto, toRewardProductDto, toRewardProductGroupDto, toRewardStoreDto, toVoucherDto } from '../rewards.mapper';
import {
  REWARD_BRAND_SORT_FIELDS,
  REWARD_GROUP_SORT_FIELDS,
  REWARD_PRODUCT_SORT_FIELDS,
  REWARD_SORT_FIELDS,
  REWARD_STORE_SORT_FIELDS,
  REWARD_TAG_SORT_FIELDS,
  RewardRelation,
  RewardService,
} from '../reward.service';
import { VOUCHER_SORT_FIELDS, VoucherService } from '../voucher.service';

/** Rewards and their vouchers; the back-office writes are the Enterprise interface's. */
@ApiResource('rewards')
@ApiTags('Rewards')
export class RewardsController {
  constructor(
    private readonly rewards: RewardService,
    private readonly vouchers: VoucherService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Rewards, filtered by name, store, validity, code, group, customer types, tags, partner or type',
    description:
      "Lists rewards. is_valid compares today (project time zone) with each reward's first and last day, valid_from and valid_to keep rewards whose validity overlaps the range, and a reward without stores matches every store_id. On the Customer interface only active rewards.",
  })
  @ApiOkResponse({ type: RewardListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: RewardListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.rewards.list(actor, query, toPageRequest(query, REWARD_SORT_FIELDS));
    return listEnvelope('rewards', page, (view) => toRewardDto(view, responseOutput(this.config, acceptLanguage)));
  }

  @Get('tags')
  @Offers('both')
  @ApiOperation({
    summary: 'Tags carried by rewards',
    description: 'Lists the tags rewards carry.',
  })
  @ApiOkResponse({ type: RewardTagListResponseDto })
  async tags(@Query() query: RewardTagQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.rewards.listTags(
      query,
      toPageRequest(query, REWARD_TAG_SORT_FIELDS),
      responseOutput(this.config, acceptLanguage),
    );
    return listEnvelope('tags', page, (tag) => tag);
  }

  @Get(':reward_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One reward',
    description: 'Reads one reward with its validity, stores, segments and costs.',
  })
  @ApiOkResponse({ type: RewardResponseDto })
  async get(@Param('reward_id') rewardId: string, @Headers('accept-language') acceptLanguage?: string) {
    return dataEnvelope(toRewardDto(await this.rewards.getView(rewardId), responseOutput(this.config, acceptLanguage)));
  }

  @Get(':reward_id/vouchers')
  @Offers('both')
  @ApiOperation({
    summary: "Vouchers issued for a reward (on the Customer interface, the logged-in customer's)",
    description:
      "Lists the vouchers issued for a reward, service vouchers left out. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: VoucherListResponseDto })
  async vouchersOf(
    @CurrentActor() actor: Actor,
    @Param('reward_id') rewardId: string,
    @Query() query: RewardVoucherQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const page = await this.vouchers.listForReward(actor, rewardId, query, toPageRequest(query, VOUCHER_SORT_FIELDS));
    return listEnvelope('vouchers', page, (view) => toVoucherDto(view, responseOutput(this.config, acceptLanguage)));
  }

  @Get(':reward_id/products')
  @Offers('both')
  @ApiOperation({
    summary: 'Products a reward needs in the cart (condition) or gives (bonus)',
    description: 'Lists the products a reward names, each as a condition (needed in the cart) or a bonus (what the reward gives).',
  })
  @ApiOkResponse({ type: RewardProductListResponseDto })
  async products(
    @Param('reward_id') rewardId: string,
    @Query() query: RewardRelationQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const page = await this.rewards.listProducts(
      rewardId,
      query.reward_product_relation_type,
      toPageRequest(query, REWARD_PRODUCT_SORT_FIELDS),
      responseOutput(this.config, acceptLanguage),
    );
    const view = await this.rewards.getView(rewardId);
    const conditionCount = view.rules.find(
      (rule) => rule.relation === RewardRelation.Condition && rule.related_to === 'product',
    )?.item_count;
    return listEnvelope('products', page, (row) => toRewardProductDto(row, query.reward_product_relation_type, conditionCount));
  }

  @Get(':reward_id/product-groups')
  @Offers('both')
  @ApiOperation({
    summary: "Product groups of a reward's conditions or bonuses",
    description: 'Lists the product groups a reward names as conditions or bonuses.',
  })
  @ApiOkResponse({ type: RewardProductGroupListResponseDto })
  async productGroups(@Param('reward_id') rewardId: string, @Query() query: RewardRelationQueryDto) {
    const page = await this.rewards.listProductGroups(
      rewardId,
      query.reward_product_relation_type,
      toPageRequest(query, REWARD_GROUP_SORT_FIELDS),
    );
    return listEnvelope('product_groups', page, toRewardProductGroupDto);
  }

  @Get(':reward_id/product-brands')
  @Offers('both')
  @ApiOperation({
    summary: "Product brands of a reward's conditions or bonuses",
    description: 'Lists the product brands a reward names as conditions or bonuses.',
  })
  @ApiOkResponse({ type: RewardProductBrandListResponseDto })
  async productBrands(@Param('reward_id') rewardId: string, @Query() query: RewardRelationQueryDto) {
    const page = await this.rewards.listProductBrands(
      rewardId,
      query.reward_product_relation_type,
      toPageRequest(query, REWARD_BRAND_SORT_FIELDS),
    );
    return listEnvelope('product_brands', page, (brand) => brand);
  }

  @Get(':reward_id/stores')
  @Offers('both')
  @ApiOperation({
    summary: 'Stores where a reward can be used',
    description: 'Lists the stores a reward is limited to; a reward without stores can be used in every store.',
  })
  @ApiOkResponse({ type: RewardStoreListResponseDto })
  async stores(@Param('reward_id') rewardId: string, @Query() query: RewardStoreQueryDto) {
    const page = await this.rewards.listStores(rewardId, query.visible_for_customer, toPageRequest(query, REWARD_STORE_SORT_FIELDS));
    return listEnvelope('stores', page, toRewardStoreDto);
  }

  @Post(':reward_id/actions/create-voucher')
  @Offers('both')
  @ApiOperation({
    summary: 'Issue a voucher of a catalogue/coupon or simple reward, paying its points cost',
    description:
      "Issues a voucher of an active catalogue or simple reward to a customer and takes the reward's points cost from the customer's oldest valid points in the same transaction. The voucher is valid from now until the end the reward's voucher validity gives, never past the reward's last day. Refusals are 400s: not_allowed_value on reward_id (wrong group, inactive or ended) or on customer_id (outside the reward's segments), not_enough_points_for_voucher on customer_id, already_exists on a code that is taken.",
  })
  @ApiCreatedResponse({ type: VoucherIdResponseDto })
  async createVoucher(@CurrentActor() actor: Actor, @Param('reward_id') rewardId: string, @Body() body: CreateVoucherBodyDto) {
    return dataEnvelope({ voucher_id: await this.vouchers.create(actor, rewardId, body) });
  }

  @Post(':reward_id/actions/create-custom-voucher')
  @Offers('both')
  @ApiOperation({
    summary: "Issue a simple reward's voucher with a money value of its own",
    description:
      'Issues a voucher of a simple reward with a money value the caller chooses. Because it sets a value, it is off by default on both interfaces; the operator grants it per application (otherwise 403).',
  })
  @ApiCreatedResponse({ type: VoucherIdResponseDto })
  async createCustomVoucher(@CurrentActor() actor: Actor, @Param('reward_id') rewardId: string, @Body() body: CreateCustomVoucherBodyDto) {
    return dataEnvelope({ voucher_id: await this.vouchers.createCustom(actor, rewardId, body) });
  }

  @Post('actions/create-simple-reward')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Define a simple reward (fixed, percentage or final-price discount)',
    description:
      'Creates a simple reward (group 4): a fixed discount, a percentage (above 0 and at most 100, the only kind that takes maximum_discount_value) or a final price. The code may not contain | or -; a reward that is not global needs a partner_id. Every other reward group is defined by the operator with the tessera CLI.',
  })
  @ApiCreatedResponse({ type: RewardIdResponseDto })
  async createSimpleReward(@Body() body: SimpleRewardBodyDto) {
    return dataEnvelope({ reward_id: await this.rewards.createSimple(body.simple_reward) });
  }

  @Post(':reward_id/actions/set-products')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: "Replace a reward's condition and bonus products",
    description: "Replaces all of a reward's condition and bonus products, product groups and brands with the lists given.",
  })
  @ApiNoContentResponse()
  async setProducts(@Param('reward_id') rewardId: string, @Body() body: SetRewardProductsBodyDto): Promise<void> {
    await this.rewards.setProducts(rewardId, body);
  }
}
