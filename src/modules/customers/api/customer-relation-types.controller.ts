import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { RELATION_TYPE_SORT_FIELDS, CustomerDefinitionService } from '../customer-definition.service';
import { toRelationTypeDto } from '../customer.mapper';
import { CustomerRelationTypeListResponseDto, CustomerRelationTypeResponseDto } from '../dto/customer-response.dto';

@ApiResource('customer-relation-types')
@ApiTags('Customer relation types')
export class CustomerRelationTypesController {
  constructor(
    private readonly definitions: CustomerDefinitionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Kinds of relations between customers',
    description:
      'Lists the kinds of relation two customers can be linked by, inactive ones included with their state; only active ones can be used for new relations.',
  })
  @ApiOkResponse({ type: CustomerRelationTypeListResponseDto })
  async list(@Query() query: ListQueryDto) {
    const page = await this.definitions.listRelationTypes(toPageRequest(query, RELATION_TYPE_SORT_FIELDS));
    return listEnvelope('customer_relation_types', page, (type) => toRelationTypeDto(type, this.config.timeZone));
  }

  @Get(':customer_relation_type_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One customer relation type',
    description: 'Returns a relation type by its id whatever its state; 404 when there is none.',
  })
  @ApiOkResponse({ type: CustomerRelationTypeResponseDto })
  async get(@Param('customer_relation_type_id') typeId: string): Promise<CustomerRelationTypeResponseDto> {
    return dataEnvelope(toRelationTypeDto(await this.definitions.getRelationType(typeId), this.config.timeZone));
  }
}
