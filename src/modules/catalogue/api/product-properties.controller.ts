import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PROPERTY_SORT_FIELDS, PropertyResponseDto, toPropertyDto } from '../../reference-data';
import { ProductPropertyListQueryDto, ProductPropertyListResponseDto } from '../dto/product-property.dto';
import { ProductPropertyService } from '../product-property.service';

@ApiResource('product-properties')
@ApiTags('Product properties')
export class ProductPropertiesController {
  constructor(
    private readonly properties: ProductPropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Custom attributes products can carry',
    description:
      'Lists the custom fields products can carry in `additional_properties`, each with its items; removed properties stay listed with state 0. `name` keeps those whose name contains the text, ignoring case.',
  })
  @ApiOkResponse({ type: ProductPropertyListResponseDto })
  async list(@Query() query: ProductPropertyListQueryDto) {
    const page = await this.properties.list(query, toPageRequest(query, PROPERTY_SORT_FIELDS));
    return listEnvelope('product_properties', page, (property) => toPropertyDto(property, this.config.timeZone));
  }

  @Get(':product_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One product property with its items',
    description: 'Reads one product property with its items, also after it was removed. 404 when no product property has this id.',
  })
  @ApiOkResponse({ type: PropertyResponseDto })
  async get(@Param('product_property_id') propertyId: string): Promise<PropertyResponseDto> {
    return dataEnvelope(toPropertyDto(await this.properties.get(propertyId), this.config.timeZone));
  }
}
