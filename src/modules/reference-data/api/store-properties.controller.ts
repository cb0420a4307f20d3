import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StorePropertyListResponseDto, StorePropertyResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { NameListQueryDto } from '../dto/reference-data.dto';
import { toStorePropertyDto } from '../reference-data.mapper';
import { STORE_PROPERTY_SORT_FIELDS, StorePropertyService } from '../store-property.service';

@ApiResource('store-properties')
@ApiTags('Store properties')
export class StorePropertiesController {
  constructor(
    private readonly properties: StorePropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Custom attributes stores can carry',
    description:
      'Lists the custom fields stores can carry, with their data types; `name` keeps those whose name contains the text, ignoring case.',
  })
  @ApiOkResponse({ type: StorePropertyListResponseDto })
  async list(@Query() query: NameListQueryDto) {
    const page = await this.properties.list(query, toPageRequest(query, STORE_PROPERTY_SORT_FIELDS));
    return listEnvelope('store_properties', page, (property) => toStorePropertyDto(property, this.config.timeZone));
  }

  @Get(':store_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One store property with its items',
    description: 'Reads one store property with its items in id order. 404 when no store property has this id.',
  })
  @ApiOkResponse({ type: StorePropertyResponseDto })
  async get(@Param('store_property_id') propertyId: string): Promise<StorePropertyResponseDto> {
    return dataEnvelope(toStorePropertyDto(await this.properties.get(propertyId), this.config.timeZone));
  }
}
