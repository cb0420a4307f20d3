import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { batchAnswer, BatchReportDto, EnterpriseApi, ErrorProcessing } from '../../../../../libs/http/src';
import { ProductGroupBatchBodyDto } from '../../dto/product-group.dto';
import { ProductGroupsRoutes } from '../product-groups.routes';

@EnterpriseApi()
@Controller('product-groups')
export class EnterpriseProductGroupsController extends ProductGroupsRoutes {
  @Post('batch')
  @HttpCode(204)
  @ApiOperation({ summary: 'Create or update up to 1,000 product groups, matched by external_id' })
  @ApiOkResponse({ type: BatchReportDto, description: 'Some records failed (error_processing 2); the others were written' })
  async batch(@Body() body: ProductGroupBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.groups.upsertBatch(body.product_groups, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
