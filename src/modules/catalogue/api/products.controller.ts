import { Body, Get, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CatalogueBatchReportResponseDto,
  ProductListResponseDto,
  ProductResponseDto,
  TagListResponseDto,
} from '../dto/catalogue-response.dto';
import type { FastifyReply } from 'fastify';
import {
  ApiInterface,
  ApiResource,
  batchAnswer,
  dataEnvelope,
  ErrorProcessing,
  listEnvelope,
  Offers,
  toPageRequest,
  responseOutput,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { toProductDto, toTagDto } from '../catalogue.mapper';
import { ProductBatchBodyDto, ProductListQueryDto } from '../dto/product.dto';
import { TagListQueryDto } from '../dto/tag.dto';
import { PRODUCT_SORT_FIELDS, ProductService } from '../product.service';
import { TAG_SORT_FIELDS, TagService } from '../tag.service';

/** Product reads, offered by both interfaces; the batch write is Enterprise-only. */
@ApiResource('products')
@ApiTags('Products')
export class ProductsController {
  constructor(
    private readonly products: ProductService,
    private readonly tags: TagService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Products, filtered by name, code, PLU code, tags or partner',
    description: 'Lists products of the catalogue, filtered by name, code, PLU code, tags or partner.',
  })
  @ApiOkResponse({ type: ProductListResponseDto })
  async list(@Query() query: ProductListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.products.list(query, toPageRequest(query, PRODUCT_SORT_FIELDS));
    return listEnvelope('products', page, (product) =>
      toProductDto(product, responseOutput(this.config, acceptLanguage), query.external_type_code),
    );
  }

  @Get('tags')
  @Offers('both')
  @ApiOperation({
    summary: 'Tags products can carry',
    description: 'Lists the tags products can carry, named in the language Accept-Language asks for.',
  })
  @ApiOkResponse({ type: TagListResponseDto })
  async listTags(@Query() query: TagListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.tags.list(query, toPageRequest(query, TAG_SORT_FIELDS));
    return listEnvelope('tags', page, (tag) => toTagDto(tag, responseOutput(this.config, acceptLanguage)));
  }

  @Get(':product_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One product',
    description: 'Reads one product of the catalogue.',
  })
  @ApiOkResponse({ type: ProductResponseDto })
  async get(@Param('product_id') productId: string, @Headers('accept-language') acceptLanguage?: string): Promise<ProductResponseDto> {
    return dataEnvelope(toProductDto(await this.products.get(productId), responseOutput(this.config, acceptLanguage)));
  }

  @Post('batch')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Create or update up to 1,000 products, matched by PLU id',
    description:
      'Synchronises products: a record updates the product that owns one of its PLU ids and otherwise creates one; PLU ids of two different products in one record answer 400 relation_already_exists. A field left out keeps its value and sent PLU ids, tags and prices are added, never removed; state 0 withdraws a product. With error_processing 1 (the default) the first failing record answers 400, its field names carrying its index, and nothing is written; with 2 the valid records are written and the answer is 200 with data.errors when some failed (204 when none did).',
  })
  @ApiNoContentResponse({ description: 'Every record was written' })
  @ApiOkResponse({
    type: CatalogueBatchReportResponseDto,
    description: 'Some records failed (error_processing 2); the others were written',
  })
  async batch(@Body() body: ProductBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.products.upsertBatch(body.products, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
