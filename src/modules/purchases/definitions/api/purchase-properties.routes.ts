import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { dataEnvelope, listEnvelope, toPageRequest } from '../../../../../libs/http/src';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import { PurchasePropertyQueryDto } from '../dto/purchase-definitions.dto';
import { toPurchasePropertyDto } from '../purchase-definitions.mapper';
import { PURCHASE_PROPERTY_SORT_FIELDS, PurchasePropertyService } from '../purchase-property.service';

@ApiTags('Purchase properties')
export abstract class PurchasePropertiesRoutes {
  constructor(
    private readonly properties: PurchasePropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Purchase property definitions' })
  async list(@Query() query: PurchasePropertyQueryDto) {
    const page = await this.properties.list('purchase', query, toPageRequest(query, PURCHASE_PROPERTY_SORT_FIELDS));
    return listEnvelope('purchase_properties', page, (property) => toPurchasePropertyDto(property, this.config.timeZone));
  }

  @Get(':purchase_property_id')
  @ApiOperation({ summary: 'One purchase property definition' })
  async get(@Param('purchase_property_id') propertyId: string) {
    return dataEnvelope(toPurchasePropertyDto(await this.properties.get('purchase', propertyId), this.config.timeZone));
  }
}
