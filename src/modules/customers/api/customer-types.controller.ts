import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CUSTOMER_TYPE_SORT_FIELDS, CustomerDefinitionService } from '../customer-definition.service';
import { toCustomerTypeDto } from '../customer.mapper';
import { CustomerTypeListResponseDto, CustomerTypeResponseDto } from '../dto/customer-response.dto';

@ApiResource('customer-types')
@ApiTags('Customer types')
export class CustomerTypesController {
  constructor(
    private readonly definitions: CustomerDefinitionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Kinds of customers',
    description: 'Lists the customer types the installation defines; a customer can carry several of them.',
  })
  @ApiOkResponse({ type: CustomerTypeListResponseDto })
  async list(@Query() query: ListQueryDto) {
    const page = await this.definitions.listCustomerTypes(toPageRequest(query, CUSTOMER_TYPE_SORT_FIELDS));
    return listEnvelope('customer_types', page, (type) => toCustomerTypeDto(type, this.config.timeZone));
  }

  @Get(':customer_type_id')
  @Offers('both')
  @ApiOperation({ summary: 'One customer type', description: 'Returns a customer type by its id; 404 when there is none.' })
  @ApiOkResponse({ type: CustomerTypeResponseDto })
  async get(@Param('customer_type_id') typeId: string): Promise<CustomerTypeResponseDto> {
    return dataEnvelope(toCustomerTypeDto(await this.definitions.getCustomerType(typeId), this.config.timeZone));
  }
}
