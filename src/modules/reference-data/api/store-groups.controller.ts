import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreGroupListResponseDto, StoreGroupResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { NameListQueryDto } from '../dto/reference-data.dto';
import { toStoreGroupDto } from '../reference-data.mapper';
import { STORE_GROUP_SORT_FIELDS, StoreGroupService } from '../store-group.service';

@ApiResource('store-groups')
@ApiTags('Store groups')
export class StoreGroupsController {
  constructor(
    private readonly groups: StoreGroupService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Groups of stores',
    description: 'Lists the store groups; `name` keeps those whose name contains the text, ignoring case.',
  })
  @ApiOkResponse({ type: StoreGroupListResponseDto })
  async list(@Query() query: NameListQueryDto) {
    const page = await this.groups.list(query, toPageRequest(query, STORE_GROUP_SORT_FIELDS));
    return listEnvelope('store_groups', page, (group) => toStoreGroupDto(group, this.config.timeZone));
  }

  @Get(':store_group_id')
  @Offers('both')
  @ApiOperation({ summary: 'One store group', description: 'Reads one store group. 404 when no group has this id.' })
  @ApiOkResponse({ type: StoreGroupResponseDto })
  async get(@Param('store_group_id') groupId: string): Promise<StoreGroupResponseDto> {
    return dataEnvelope(toStoreGroupDto(await this.groups.get(groupId), this.config.timeZone));
  }
}
