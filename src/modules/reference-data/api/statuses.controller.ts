import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StatusListResponseDto, StatusResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { StatusListQueryDto } from '../dto/reference-data.dto';
import { toStatusDto } from '../reference-data.mapper';
import { STATUS_SORT_FIELDS, StatusService } from '../status.service';

@ApiResource('statuses')
@ApiTags('Statuses')
export class StatusesController {
  constructor(
    private readonly statuses: StatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Loyalty tiers and how to qualify for them',
    description:
      'Lists the loyalty statuses with their qualification thresholds; without a sort they follow the tier chain, lowest first. `text_id` keeps only the status with exactly that text id.',
  })
  @ApiOkResponse({ type: StatusListResponseDto })
  async list(@Query() query: StatusListQueryDto) {
    const page = await this.statuses.list(query, toPageRequest(query, STATUS_SORT_FIELDS));
    return listEnvelope('statuses', page, (status) => toStatusDto(status, this.config.timeZone));
  }

  @Get(':status_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One loyalty tier',
    description: 'Reads one status with its qualification turnovers. 404 when no status has this id.',
  })
  @ApiOkResponse({ type: StatusResponseDto })
  async get(@Param('status_id') statusId: string): Promise<StatusResponseDto> {
    return dataEnvelope(toStatusDto(await this.statuses.get(statusId), this.config.timeZone));
  }
}
