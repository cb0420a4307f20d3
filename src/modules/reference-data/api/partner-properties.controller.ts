import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiInterface, ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PropertyResponseDto } from '../dto/property.dto';
import { PartnerPropertyListResponseDto } from '../dto/catalogue.dto';
import { NameListQueryDto } from '../dto/reference-data.dto';
import { PartnerPropertyService } from '../partner-property.service';
import { PROPERTY_SORT_FIELDS } from '../property-catalogue';
import { toPropertyDto } from '../catalogue.mapper';

/** The list is Enterprise-only and the detail open to both interfaces, as the API marks them. */
@ApiResource('partner-properties')
@ApiTags('Partner properties')
export class PartnerPropertiesController {
  constructor(
    private readonly properties: PartnerPropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Custom attributes partners can carry',
    description:
      'Lists the custom fields defined for partners, each with its items; removed properties stay listed with state 0. `name` keeps those whose name contains the text, ignoring case. Offered on the Enterprise interface only.',
  })
  @ApiOkResponse({ type: PartnerPropertyListResponseDto })
  async list(@Query() query: NameListQueryDto) {
    const page = await this.properties.list(query, toPageRequest(query, PROPERTY_SORT_FIELDS));
    return listEnvelope('partner_properties', page, (property) => toPropertyDto(property, this.config.timeZone));
  }

  @Get(':partner_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One partner property with its items',
    description: 'Reads one partner property with its items, also after it was removed. 404 when no partner property has this id.',
  })
  @ApiOkResponse({ type: PropertyResponseDto })
  async get(@Param('partner_property_id') propertyId: string): Promise<PropertyResponseDto> {
    return dataEnvelope(toPropertyDto(await this.properties.get(propertyId), this.config.timeZone));
  }
}
