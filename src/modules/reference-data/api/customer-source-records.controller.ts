import { Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CustomerSourceRecordListResponseDto } from '../dto/reference-data-response.dto';
import { Actor, ApiResource, CurrentActor, Offers, customerFilterInScope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CUSTOMER_SOURCE_RECORD_SORT_FIELDS, CustomerSourceService } from '../customer-source.service';
import { CustomerSourceRecordListQueryDto } from '../dto/reference-data.dto';
import { toCustomerSourceRecordDto } from '../reference-data.mapper';

@ApiResource('customer-source-records')
@ApiTags('Customer source records')
export class CustomerSourceRecordsController {
  constructor(
    private readonly sources: CustomerSourceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: "Find customers by their id in an outside system; on the Customer interface, the logged-in customer's records",
    description:
      "Lists customer source records: which customer an external system knows under which id, filtered by source and external ids. On the Customer interface only the logged-in customer's records.",
  })
  @ApiOkResponse({ type: CustomerSourceRecordListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: CustomerSourceRecordListQueryDto) {
    const filter = { ...query, customer_id: customerFilterInScope(actor, query.customer_id) };
    const page = await this.sources.listRecords(filter, toPageRequest(query, CUSTOMER_SOURCE_RECORD_SORT_FIELDS));
    return listEnvelope('customer_source_records', page, (record) => toCustomerSourceRecordDto(record, this.config.timeZone));
  }
}
