import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PurchaseItemPropertyListResponseDto, PurchasePropertyResponseDto } from '../dto/purchase-definitions-response.dto';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import { PurchasePropertyQueryDto } from '../dto/purchase-definitions.dto';
import { toPurchasePropertyDto } from '../purchase-definitions.mapper';
import { PURCHASE_PROPERTY_SORT_FIELDS, PurchasePropertyService } from '../purchase-property.service';

@ApiResource('purchase-item-properties')
@ApiTags('Purchase item properties')
export class PurchaseItemPropertiesController {
  constructor(
    private readonly properties: PurchasePropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Purchase item property definitions',
    description:
      "Lists the custom fields a purchase's items can carry, with their data types, items and whether a value is required or must be unique; deleted ones are listed too, with state 0. `name` keeps those whose name contains the text, ignoring case.",
  })
  @ApiOkResponse({ type: PurchaseItemPropertyListResponseDto })
  async list(@Query() query: PurchasePropertyQueryDto) {
    const page = await this.properties.list('purchase_item', query, toPageRequest(query, PURCHASE_PROPERTY_SORT_FIELDS));
    return listEnvelope('purchase_item_properties', page, (property) => toPurchasePropertyDto(property, this.config.timeZone));
  }

  @Get(':purchase_item_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One purchase item property definition',
    description:
      'Reads one purchase item property with its items, also after it was deleted. 404 when no purchase item property has this id.',
  })
  @ApiOkResponse({ type: PurchasePropertyResponseDto })
  async get(@Param('purchase_item_property_id') propertyId: string): Promise<PurchasePropertyResponseDto> {
    return dataEnvelope(toPurchasePropertyDto(await this.properties.get('purchase_item', propertyId), this.config.timeZone));
  }
}
