import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SegmentRecordListResponseDto } from '../dto/segment-response.dto';
import { Actor, ApiResource, CurrentActor, listEnvelope, Offers } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { SegmentGroupFilterDto } from '../dto/segment.dto';
import { SegmentService } from '../segment.service';
import { toSegmentRecordDto } from '../segments.mapper';

/** A customer's segment memberships, under the customer's path. */
@ApiResource('customers')
@ApiTags('Segments')
export class CustomerSegmentRecordsController {
  constructor(
    private readonly segments: SegmentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':customer_id/segment-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Segments a customer is in',
    description:
      "Lists the customer's segment memberships, unpaged and in the order they were made, optionally narrowed to segments of the given segment_group_ids. 404 when the customer does not exist.",
  })
  @ApiOkResponse({ type: SegmentRecordListResponseDto })
  async list(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: SegmentGroupFilterDto) {
    const page = await this.segments.listCustomerRecords(actor, customerId, query);
    return listEnvelope('segment_records', page, (record) => toSegmentRecordDto(record, this.config.timeZone));
  }
}
