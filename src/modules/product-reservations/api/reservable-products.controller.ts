import { Body, Get, Headers, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest, responseOutput } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PRODUCT_SORT_FIELDS } from '../../catalogue';
import {
  ReservableProductListQueryDto,
  ReservableProductListResponseDto,
  ReservableProductResponseDto,
  ReservableProductSearchBodyDto,
  SearchResultListResponseDto,
} from '../dto/reservation-definitions.dto';
import { ReservableProductService, SEARCH_SORT_FIELDS } from '../reservable-product.service';

/** The products that can be reserved, answered as products. */
@ApiResource('reservable-products')
@ApiTags('Reservable products')
export class ReservableProductsController {
  constructor(
    private readonly reservable: ReservableProductService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Reservable products',
    description:
      'Lists the products that can be reserved, each answered as a full product with texts in the language Accept-Language asks for. Filters by part of the name, the exact `code`, any of `tag_ids`, and `store_id` (products with a live reservation price in that store or in every store).',
  })
  @ApiOkResponse({ type: ReservableProductListResponseDto })
  async list(@Query() query: ReservableProductListQueryDto, @Headers('accept-language') language?: string) {
    const page = await this.reservable.list(query, toPageRequest(query, PRODUCT_SORT_FIELDS), responseOutput(this.config, language));
    return listEnvelope('reservable_products', page, (product) => product);
  }

  @Post('actions/search-reservable-products')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reservable products whose name, code or a PLU code contains the search string',
    description:
      'Searches the reservable products, ignoring case, and answers each match by name and product id with its tags as flags; results come by name unless sorted by `resource_id`.',
  })
  @ApiOkResponse({ type: SearchResultListResponseDto })
  async search(@Query() query: ListQueryDto, @Body() body: ReservableProductSearchBodyDto, @Headers('accept-language') language?: string) {
    const page = await this.reservable.search(
      body.search_string,
      toPageRequest(query, SEARCH_SORT_FIELDS),
      responseOutput(this.config, language),
    );
    return listEnvelope('search_results', page, (result) => result);
  }

  @Get(':reservable_product_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One reservable product',
    description:
      'Reads a reservable product as a full product, texts in the language Accept-Language asks for. 404 when the id names no product or one that cannot be reserved.',
  })
  @ApiOkResponse({ type: ReservableProductResponseDto })
  async get(
    @Param('reservable_product_id') productId: string,
    @Headers('accept-language') language?: string,
  ): Promise<ReservableProductResponseDto> {
    return dataEnvelope(await this.reservable.get(productId, responseOutput(this.config, language)));
  }
}
