import { Body, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CAMPAIGN_PRODUCT_SORT_FIELDS, CAMPAIGN_PRODUCT_STORE_RECORD_SORT_FIELDS } from '../campaign-product.repository';
import { CampaignProductService } from '../campaign-product.service';
import { toCampaignProductDto, toCampaignProductStoreRecordDto } from '../campaigns.mapper';
import {
  CampaignProductBodyDto,
  CampaignProductIdResponseDto,
  CampaignProductListQueryDto,
  CampaignProductListResponseDto,
  CampaignProductResponseDto,
  CampaignProductStoreRecordBodyDto,
  CampaignProductStoreRecordIdResponseDto,
  CampaignProductStoreRecordListResponseDto,
} from '../dto/campaign-product.dto';

/** Campaign products and the stores they apply in; the Customer interface sees active ones of active campaigns only. */
@ApiResource('campaign-products')
@ApiTags('Campaign products')
export class CampaignProductsController {
  constructor(
    private readonly campaignProducts: CampaignProductService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Campaign products',
    description:
      'Lists campaign products (a product at a percentage off or a final price, for one customer type and period), with all filters combined: part of the name, code, display place, customer types, store, value type, campaign, validity. Property records only with include_property_records=true. On the Customer interface only active ones; anything else answers 404.',
  })
  @ApiOkResponse({ type: CampaignProductListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: CampaignProductListQueryDto) {
    const page = await this.campaignProducts.list(actor, query, toPageRequest(query, CAMPAIGN_PRODUCT_SORT_FIELDS));
    return listEnvelope('campaign_products', page, (row) => toCampaignProductDto(row, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @ApiOperation({
    summary: 'Create a campaign product',
    description:
      'Creates an active campaign product. The product, currency, customer type and campaign must exist and the campaign not be removed (400 not_found or deleted); valid_to may not precede valid_from, a percentage lies between 0 and 100 and a final price is not negative (400 not_allowed_value). Campaign products cannot be changed or deleted through the API.',
  })
  @ApiCreatedResponse({ type: CampaignProductIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CampaignProductBodyDto): Promise<CampaignProductIdResponseDto> {
    return dataEnvelope({ campaign_product_id: await this.campaignProducts.create(actor, body.campaign_product) });
  }

  @Get(':campaign_product_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One campaign product, with its property records',
    description:
      'Reads one campaign product with its property records. On the Customer interface only active ones; anything else answers 404.',
  })
  @ApiOkResponse({ type: CampaignProductResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('campaign_product_id') id: string): Promise<CampaignProductResponseDto> {
    return dataEnvelope(toCampaignProductDto(await this.campaignProducts.get(actor, id), this.config.timeZone));
  }

  @Get(':campaign_product_id/campaign-product-store-records')
  @Offers('both')
  @ApiOperation({
    summary: 'The stores a campaign product is limited to (none: every store)',
    description: 'Lists the stores a campaign product is limited to; without store records it applies in every store.',
  })
  @ApiOkResponse({ type: CampaignProductStoreRecordListResponseDto })
  async storeRecords(@CurrentActor() actor: Actor, @Param('campaign_product_id') id: string, @Query() query: ListQueryDto) {
    const page = await this.campaignProducts.listStoreRecords(actor, id, toPageRequest(query, CAMPAIGN_PRODUCT_STORE_RECORD_SORT_FIELDS));
    return listEnvelope('campaign_product_store_records', page, toCampaignProductStoreRecordDto);
  }

  @Post(':campaign_product_id/campaign-product-store-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Limit a campaign product to one more store',
    description:
      "Adds a store record to a campaign product. The store must exist (400 not_found), the body's campaign_product_id must repeat the path id (400 not_allowed_value) and the store may not be recorded already (400 relation_already_exists).",
  })
  @ApiCreatedResponse({ type: CampaignProductStoreRecordIdResponseDto })
  async addStoreRecord(
    @CurrentActor() actor: Actor,
    @Param('campaign_product_id') id: string,
    @Body() body: CampaignProductStoreRecordBodyDto,
  ): Promise<CampaignProductStoreRecordIdResponseDto> {
    const recordId = await this.campaignProducts.addStoreRecord(actor, id, body.campaign_product_store_record);
    return dataEnvelope({ campaign_product_store_record_id: recordId });
  }
}
