import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CUSTOMER_PROPERTY_SORT_FIELDS, CustomerDefinitionService } from '../customer-definition.service';
import { toCustomerPropertyDto } from '../customer.mapper';
import { NameFilterQueryDto } from '../dto/customer-records.dto';
import { CustomerPropertyListResponseDto, CustomerPropertyResponseDto } from '../dto/customer-response.dto';

@ApiResource('customer-properties')
@ApiTags('Customer properties')
export class CustomerPropertiesController {
  constructor(
    private readonly definitions: CustomerDefinitionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Custom attributes customers can carry',
    description:
      'Lists the custom properties defined for customers, each with its data type, whether it is required or unique, and its selectable items; name matches any part of the name, case-insensitively.',
  })
  @ApiOkResponse({ type: CustomerPropertyListResponseDto })
  async list(@Query() query: NameFilterQueryDto) {
    const page = await this.definitions.listProperties(query, toPageRequest(query, CUSTOMER_PROPERTY_SORT_FIELDS));
    return listEnvelope('customer_properties', page, (property) => toCustomerPropertyDto(property, this.config.timeZone));
  }

  @Get(':customer_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One customer property with its items',
    description: 'Returns a customer property by its id together with its selectable items; 404 when there is none.',
  })
  @ApiOkResponse({ type: CustomerPropertyResponseDto })
  async get(@Param('customer_property_id') propertyId: string): Promise<CustomerPropertyResponseDto> {
    return dataEnvelope(toCustomerPropertyDto(await this.definitions.getProperty(propertyId), this.config.timeZone));
  }
}
