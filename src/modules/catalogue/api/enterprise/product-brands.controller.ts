import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { batchAnswer, BatchReportDto, EnterpriseApi, ErrorProcessing } from '../../../../../libs/http/src';
import { ProductBrandBatchBodyDto } from '../../dto/product-brand.dto';
import { ProductBrandsRoutes } from '../product-brands.routes';

@EnterpriseApi()
@Controller('product-brands')
export class EnterpriseProductBrandsController extends ProductBrandsRoutes {
  @Post('batch')
  @HttpCode(204)
  @ApiOperation({ summary: 'Create or update up to 1,000 brands, matched by external_id' })
  @ApiOkResponse({ type: BatchReportDto, description: 'Some records failed (error_processing 2); the others were written' })
  async batch(@Body() body: ProductBrandBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.brands.upsertBatch(body.product_brands, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
