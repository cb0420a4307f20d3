import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CustomerSourceListResponseDto, CustomerSourceResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CUSTOMER_SOURCE_SORT_FIELDS, CustomerSourceService } from '../customer-source.service';
import { CustomerSourceListQueryDto } from '../dto/reference-data.dto';
import { toCustomerSourceDto } from '../reference-data.mapper';

@ApiResource('customer-sources')
@ApiTags('Customer sources')
export class CustomerSourcesController {
  constructor(
    private readonly sources: CustomerSourceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Channels customers come from',
    description: 'Lists the sources customers can be registered from, optionally narrowed to the one with a given customer_source_text_id.',
  })
  @ApiOkResponse({ type: CustomerSourceListResponseDto })
  async list(@Query() query: CustomerSourceListQueryDto) {
    const page = await this.sources.list(query, toPageRequest(query, CUSTOMER_SOURCE_SORT_FIELDS));
    return listEnvelope('customer_sources', page, (source) => toCustomerSourceDto(source, this.config.timeZone));
  }

  @Get(':customer_source_id')
  @Offers('both')
  @ApiOperation({ summary: 'One customer source', description: 'Returns a customer source by its id; 404 when there is none.' })
  @ApiOkResponse({ type: CustomerSourceResponseDto })
  async get(@Param('customer_source_id') sourceId: string): Promise<CustomerSourceResponseDto> {
    return dataEnvelope(toCustomerSourceDto(await this.sources.get(sourceId), this.config.timeZone));
  }
}
