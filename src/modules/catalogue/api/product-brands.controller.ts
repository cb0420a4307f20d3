import { Body, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogueBatchReportResponseDto, ProductBrandListResponseDto, ProductBrandResponseDto } from '../dto/catalogue-response.dto';
import type { FastifyReply } from 'fastify';
import { ApiInterface, ApiResource, batchAnswer, dataEnvelope, ErrorProcessing, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { toProductBrandDto } from '../catalogue.mapper';
import { ProductBrandBatchBodyDto, ProductBrandListQueryDto } from '../dto/product-brand.dto';
import { PRODUCT_BRAND_SORT_FIELDS, ProductBrandService } from '../product-brand.service';

/** Brand reads, offered by both interfaces; the batch write is Enterprise-only. */
@ApiResource('product-brands')
@ApiTags('Product brands')
export class ProductBrandsController {
  constructor(private readonly brands: ProductBrandService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Product brands',
    description: 'Lists product brands.',
  })
  @ApiOkResponse({ type: ProductBrandListResponseDto })
  async list(@Query() query: ProductBrandListQueryDto) {
    const page = await this.brands.list(query, toPageRequest(query, PRODUCT_BRAND_SORT_FIELDS));
    return listEnvelope('product_brands', page, toProductBrandDto);
  }

  @Get(':product_brand_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One product brand',
    description: 'Reads one product brand.',
  })
  @ApiOkResponse({ type: ProductBrandResponseDto })
  async get(@Param('product_brand_id') brandId: string): Promise<ProductBrandResponseDto> {
    return dataEnvelope(toProductBrandDto(await this.brands.get(brandId)));
  }

  @Post('batch')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Create or update up to 1,000 brands, matched by external_id',
    description:
      'Synchronises product brands, matched by external_id; a field left out keeps its value. With error_processing 1 (the default) the first failing record answers 400, its field names carrying its index, and nothing is written; with 2 the valid records are written and the answer is 200 with data.errors when some failed (204 when none did).',
  })
  @ApiNoContentResponse({ description: 'Every record was written' })
  @ApiOkResponse({
    type: CatalogueBatchReportResponseDto,
    description: 'Some records failed (error_processing 2); the others were written',
  })
  async batch(@Body() body: ProductBrandBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.brands.upsertBatch(body.product_brands, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
