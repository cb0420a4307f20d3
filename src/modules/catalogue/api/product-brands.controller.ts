import { Body, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  ApiInterface,
  ApiResource,
  batchAnswer,
  BatchReportDto,
  dataEnvelope,
  ErrorProcessing,
  listEnvelope,
  Offers,
  toPageRequest,
} from '../../../../libs/http/src';
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
  @ApiOperation({ summary: 'Product brands' })
  async list(@Query() query: ProductBrandListQueryDto) {
    const page = await this.brands.list(query, toPageRequest(query, PRODUCT_BRAND_SORT_FIELDS));
    return listEnvelope('product_brands', page, toProductBrandDto);
  }

  @Get(':product_brand_id')
  @Offers('both')
  @ApiOperation({ summary: 'One product brand' })
  async get(@Param('product_brand_id') brandId: string) {
    return dataEnvelope(toProductBrandDto(await this.brands.get(brandId)));
  }

  @Post('batch')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({ summary: 'Create or update up to 1,000 brands, matched by external_id' })
  @ApiOkResponse({ type: BatchReportDto, description: 'Some records failed (error_processing 2); the others were written' })
  async batch(@Body() body: ProductBrandBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.brands.upsertBatch(body.product_brands, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
