import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { batchAnswer, BatchReportDto, EnterpriseApi, ErrorProcessing } from '../../../../../libs/http/src';
import { ProductBatchBodyDto } from '../../dto/product.dto';
import { ProductsRoutes } from '../products.routes';

@EnterpriseApi()
@Controller('products')
export class EnterpriseProductsController extends ProductsRoutes {
  @Post('batch')
  @HttpCode(204)
  @ApiOperation({ summary: 'Create or update up to 1,000 products, matched by PLU id' })
  @ApiOkResponse({ type: BatchReportDto, description: 'Some records failed (error_processing 2); the others were written' })
  async batch(@Body() body: ProductBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.products.upsertBatch(body.products, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
