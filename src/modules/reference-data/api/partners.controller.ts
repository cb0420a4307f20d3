import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PartnerListResponseDto, PartnerPropertyRecordListResponseDto, PartnerResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, ListQueryDto, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { toPartnerDto, toPartnerPropertyRecordDto } from '../partner.mapper';
import { PARTNER_SORT_FIELDS, PartnerService } from '../partner.service';

@ApiResource('partners')
@ApiTags('Partners')
export class PartnersController {
  constructor(
    private readonly partners: PartnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Partners of the loyalty programme',
    description:
      "Lists the programme's partners in every state, deleted ones included; they can be sorted by name, registration or VAT id, contact details or state.",
  })
  @ApiOkResponse({ type: PartnerListResponseDto })
  async list(@Query() query: ListQueryDto) {
    return listEnvelope('partners', await this.partners.list(toPageRequest(query, PARTNER_SORT_FIELDS)), toPartnerDto);
  }

  @Get(':partner_id')
  @Offers('both')
  @ApiOperation({ summary: 'One partner', description: 'Reads one partner whatever its state. 404 when no partner has this id.' })
  @ApiOkResponse({ type: PartnerResponseDto })
  async get(@Param('partner_id') partnerId: string): Promise<PartnerResponseDto> {
    return dataEnvelope(toPartnerDto(await this.partners.get(partnerId)));
  }

  @Get(':partner_id/property-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Property values of a partner',
    description:
      'Lists the values this partner holds for partner properties, in one page ordered by property id and then record id. 404 when the partner does not exist.',
  })
  @ApiOkResponse({ type: PartnerPropertyRecordListResponseDto })
  async propertyRecords(@Param('partner_id') partnerId: string) {
    const page = await this.partners.listPropertyRecords(partnerId);
    return listEnvelope('property_records', page, (record) => toPartnerPropertyRecordDto(record, this.config.timeZone));
  }
}
