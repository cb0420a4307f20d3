import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { ADDRESS_TYPE_SORT_FIELDS, CustomerDefinitionService } from '../customer-definition.service';
import { toAddressTypeDto } from '../customer.mapper';
import { CustomerAddressTypeListResponseDto, CustomerAddressTypeResponseDto } from '../dto/customer-response.dto';

@ApiResource('customer-address-types')
@ApiTags('Customer address types')
export class CustomerAddressTypesController {
  constructor(
    private readonly definitions: CustomerDefinitionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Kinds of additional customer addresses',
    description: 'Lists the types an additional customer address can have; every one the installation defines is listed.',
  })
  @ApiOkResponse({ type: CustomerAddressTypeListResponseDto })
  async list(@Query() query: ListQueryDto) {
    const page = await this.definitions.listAddressTypes(toPageRequest(query, ADDRESS_TYPE_SORT_FIELDS));
    return listEnvelope('customer_address_types', page, (type) => toAddressTypeDto(type, this.config.timeZone));
  }

  @Get(':customer_address_type_id')
  @Offers('both')
  @ApiOperation({ summary: 'One customer address type', description: 'Returns an address type by its id; 404 when there is none.' })
  @ApiOkResponse({ type: CustomerAddressTypeResponseDto })
  async get(@Param('customer_address_type_id') typeId: string): Promise<CustomerAddressTypeResponseDto> {
    return dataEnvelope(toAddressTypeDto(await this.definitions.getAddressType(typeId), this.config.timeZone));
  }
}
