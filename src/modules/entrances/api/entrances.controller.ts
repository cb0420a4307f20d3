import { Body, Get, HttpCode, Inject, Param, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, RequiresCustomer, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  EntranceCustomerStatsQueryDto,
  EntranceCustomerStatsResponseDto,
  EntranceListQueryDto,
  EntranceListResponseDto,
  EntranceOverviewQueryDto,
  EntranceOverviewResponseDto,
  EntrancePutBodyDto,
  EntranceResponseDto,
} from '../dto/entrance.dto';
import { ENTRANCE_SORT_FIELDS, EntranceService } from '../entrance.service';
import { toEntranceChange, toEntranceCustomerStatsDto, toEntranceDto, toEntranceOverviewDto } from '../entrances.mapper';

/** Charged entrances: on the Customer interface the logged-in customer's only; the overview is project-wide. */
@ApiResource('entrances')
@ApiTags('Charged entrances')
export class EntrancesController {
  constructor(
    private readonly entrances: EntranceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Charged entrances, oldest first unless sorted',
    description:
      "Lists charged entrances (tickets sold through points of sale and access systems, imported by the operator), oldest first unless sorted; name matches part of the name regardless of letter case. On the Customer interface only the logged-in customer's entrances (another customer's answers 404).",
  })
  @ApiOkResponse({ type: EntranceListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: EntranceListQueryDto) {
    const page = await this.entrances.list(actor, query, toPageRequest(query, ENTRANCE_SORT_FIELDS));
    return listEnvelope('entrances', page, (entrance) => toEntranceDto(entrance, this.config.timeZone));
  }

  @Get('actions/overview')
  @Offers('both')
  @ApiOperation({
    summary: 'Counts of active, cancelled, deactivated and sold entrances for a range of days',
    description:
      'Counts, for a range of days and optionally one point of sale, the entrances sold, cancelled by their own system and deactivated through the API in the range, and those active with days of use overlapping it; project-wide on both interfaces.',
  })
  @ApiOkResponse({ type: EntranceOverviewResponseDto })
  async overview(@Query() query: EntranceOverviewQueryDto) {
    return dataEnvelope(toEntranceOverviewDto(await this.entrances.overview(query)));
  }

  @Get('actions/customer-stats')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A customer's lifetime usage figures",
    description:
      "Sums a customer's imported usage days over all time: distance, elevation, the number of distinct days used and the latest achievement. On the Customer interface only the logged-in customer's entrances (another customer's answers 404).",
  })
  @ApiOkResponse({ type: EntranceCustomerStatsResponseDto })
  async customerStats(@CurrentActor() actor: Actor, @Query() query: EntranceCustomerStatsQueryDto) {
    return dataEnvelope(toEntranceCustomerStatsDto(await this.entrances.customerStats(actor, query.customer_id)));
  }

  @Get(':entrance_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One charged entrance',
    description:
      "Reads one charged entrance. On the Customer interface only the logged-in customer's entrances (another customer's answers 404).",
  })
  @ApiOkResponse({ type: EntranceResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('entrance_id') entranceId: string): Promise<EntranceResponseDto> {
    return dataEnvelope(toEntranceDto(await this.entrances.get(actor, entranceId), this.config.timeZone));
  }

  @Put(':entrance_id')
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Change the point of sale, the ticket type or deactivate the entrance',
    description:
      "Changes an entrance's point of sale or ticket type, or deactivates it; a deactivated entrance stays deactivated when the operator imports it again. On the Customer interface only the logged-in customer's entrances (another customer's answers 404).",
  })
  @ApiNoContentResponse()
  async update(@CurrentActor() actor: Actor, @Param('entrance_id') entranceId: string, @Body() body: EntrancePutBodyDto): Promise<void> {
    await this.entrances.update(actor, entranceId, toEntranceChange(body.entrance));
  }
}
