import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { toProductGroupDto } from '../catalogue.mapper';
import { ProductGroupListQueryDto } from '../dto/product-group.dto';
import { PRODUCT_GROUP_SORT_FIELDS, ProductGroupService } from '../product-group.service';

/** Group reads, offered by both interfaces; the batch write is Enterprise-only. */
@ApiTags('Product groups')
export abstract class ProductGroupsRoutes {
  constructor(
    protected readonly groups: ProductGroupService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Product groups' })
  async list(@Query() query: ProductGroupListQueryDto) {
    const page = await this.groups.list(query, toPageRequest(query, PRODUCT_GROUP_SORT_FIELDS));
    return listEnvelope('product_groups', page, (group) => toProductGroupDto(group, this.config.timeZone));
  }

  @Get(':product_group_id')
  @ApiOperation({ summary: 'One product group' })
  async get(@Param('product_group_id') groupId: string) {
    return dataEnvelope(toProductGroupDto(await this.groups.get(groupId), this.config.timeZone));
  }
}
