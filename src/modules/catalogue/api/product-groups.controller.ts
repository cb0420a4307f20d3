import { Body, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogueBatchReportResponseDto, ProductGroupListResponseDto, ProductGroupResponseDto } from '../dto/catalogue-response.dto';
import type { FastifyReply } from 'fastify';
import { ApiInterface, ApiResource, batchAnswer, dataEnvelope, ErrorProcessing, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { toProductGroupDto } from '../catalogue.mapper';
import { ProductGroupBatchBodyDto, ProductGroupListQueryDto } from '../dto/product-group.dto';
import { PRODUCT_GROUP_SORT_FIELDS, ProductGroupService } from '../product-group.service';

/** Group reads, offered by both interfaces; the batch write is Enterprise-only. */
@ApiResource('product-groups')
@ApiTags('Product groups')
export class ProductGroupsController {
  constructor(
    private readonly groups: ProductGroupService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Product groups',
    description: 'Lists product groups with their parents.',
  })
  @ApiOkResponse({ type: ProductGroupListResponseDto })
  async list(@Query() query: ProductGroupListQueryDto) {
    const page = await this.groups.list(query, toPageRequest(query, PRODUCT_GROUP_SORT_FIELDS));
    return listEnvelope('product_groups', page, (group) => toProductGroupDto(group, this.config.timeZone));
  }

  @Get(':product_group_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One product group',
    description: 'Reads one product group.',
  })
  @ApiOkResponse({ type: ProductGroupResponseDto })
  async get(@Param('product_group_id') groupId: string): Promise<ProductGroupResponseDto> {
    return dataEnvelope(toProductGroupDto(await this.groups.get(groupId), this.config.timeZone));
  }

  @Post('batch')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Create or update up to 1,000 product groups, matched by external_id',
    description:
      'Synchronises product groups, matched by external_id; a field left out keeps its value. A parent may be a group of the same batch; a group can never become its own ancestor (400 not_allowed_value). With error_processing 1 (the default) the first failing record answers 400, its field names carrying its index, and nothing is written; with 2 the valid records are written and the answer is 200 with data.errors when some failed (204 when none did).',
  })
  @ApiNoContentResponse({ description: 'Every record was written' })
  @ApiOkResponse({
    type: CatalogueBatchReportResponseDto,
    description: 'Some records failed (error_processing 2); the others were written',
  })
  async batch(@Body() body: ProductGroupBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.groups.upsertBatch(body.product_groups, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
