import { Get, Inject, Injectable, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListQueryDto, dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  ADDRESS_TYPE_SORT_FIELDS,
  AGREEMENT_SORT_FIELDS,
  CUSTOMER_PROPERTY_SORT_FIELDS,
  CUSTOMER_TYPE_SORT_FIELDS,
  CustomerDefinitionService,
  INTEREST_SORT_FIELDS,
  RELATION_TYPE_SORT_FIELDS,
} from '../customer-definition.service';
import {
  toAddressTypeDto,
  toAgreementDto,
  toCustomerPropertyDto,
  toCustomerTypeDto,
  toInterestDto,
  toRelationTypeDto,
} from '../customer.mapper';
import { AgreementListQueryDto, NameFilterQueryDto } from '../dto/customer-records.dto';

/* Definitions customer records refer to, listed alike on both interfaces. */

// Decorated so the subclasses inherit the constructor's injection metadata.
@Injectable()
abstract class DefinitionRoutes {
  constructor(
    protected readonly definitions: CustomerDefinitionService,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
  ) {}
}

@ApiTags('Customer properties')
export abstract class CustomerPropertiesRoutes extends DefinitionRoutes {
  @Get()
  @ApiOperation({ summary: 'Custom attributes customers can carry' })
  async list(@Query() query: NameFilterQueryDto) {
    const page = await this.definitions.listProperties(query, toPageRequest(query, CUSTOMER_PROPERTY_SORT_FIELDS));
    return listEnvelope('customer_properties', page, (property) => toCustomerPropertyDto(property, this.config.timeZone));
  }

  @Get(':customer_property_id')
  @ApiOperation({ summary: 'One customer property with its items' })
  async get(@Param('customer_property_id') propertyId: string) {
    return dataEnvelope(toCustomerPropertyDto(await this.definitions.getProperty(propertyId), this.config.timeZone));
  }
}

@ApiTags('Interests')
export abstract class InterestsRoutes extends DefinitionRoutes {
  @Get()
  @ApiOperation({ summary: 'Interests customers can declare' })
  async list(@Query() query: NameFilterQueryDto) {
    return listEnvelope('interests', await this.definitions.listInterests(query, toPageRequest(query, INTEREST_SORT_FIELDS)), toInterestDto);
  }

  @Get(':interest_id')
  @ApiOperation({ summary: 'One interest' })
  async get(@Param('interest_id') interestId: string) {
    return dataEnvelope(toInterestDto(await this.definitions.getInterest(interestId)));
  }
}

@ApiTags('Customer address types')
export abstract class CustomerAddressTypesRoutes extends DefinitionRoutes {
  @Get()
  @ApiOperation({ summary: 'Kinds of additional customer addresses' })
  async list(@Query() query: ListQueryDto) {
    const page = await this.definitions.listAddressTypes(toPageRequest(query, ADDRESS_TYPE_SORT_FIELDS));
    return listEnvelope('customer_address_types', page, (type) => toAddressTypeDto(type, this.config.timeZone));
  }

  @Get(':customer_address_type_id')
  @ApiOperation({ summary: 'One customer address type' })
  async get(@Param('customer_address_type_id') typeId: string) {
    return dataEnvelope(toAddressTypeDto(await this.definitions.getAddressType(typeId), this.config.timeZone));
  }
}

@ApiTags('Customer relation types')
export abstract class CustomerRelationTypesRoutes extends DefinitionRoutes {
  @Get()
  @ApiOperation({ summary: 'Kinds of relations between customers' })
  async list(@Query() query: ListQueryDto) {
    const page = await this.definitions.listRelationTypes(toPageRequest(query, RELATION_TYPE_SORT_FIELDS));
    return listEnvelope('customer_relation_types', page, (type) => toRelationTypeDto(type, this.config.timeZone));
  }

  @Get(':customer_relation_type_id')
  @ApiOperation({ summary: 'One customer relation type' })
  async get(@Param('customer_relation_type_id') typeId: string) {
    return dataEnvelope(toRelationTypeDto(await this.definitions.getRelationType(typeId), this.config.timeZone));
  }
}

@ApiTags('Customer types')
export abstract class CustomerTypesRoutes extends DefinitionRoutes {
  @Get()
  @ApiOperation({ summary: 'Kinds of customers' })
  async list(@Query() query: ListQueryDto) {
    const page = await this.definitions.listCustomerTypes(toPageRequest(query, CUSTOMER_TYPE_SORT_FIELDS));
    return listEnvelope('customer_types', page, (type) => toCustomerTypeDto(type, this.config.timeZone));
  }

  @Get(':customer_type_id')
  @ApiOperation({ summary: 'One customer type' })
  async get(@Param('customer_type_id') typeId: string) {
    return dataEnvelope(toCustomerTypeDto(await this.definitions.getCustomerType(typeId), this.config.timeZone));
  }
}

@ApiTags('Consents')
export abstract class AgreementsRoutes extends DefinitionRoutes {
  @Get()
  @ApiOperation({ summary: 'Consents customers can give or withdraw' })
  async list(@Query() query: AgreementListQueryDto) {
    const page = await this.definitions.listAgreements(query, toPageRequest(query, AGREEMENT_SORT_FIELDS));
    return listEnvelope('agreements', page, (agreement) => toAgreementDto(agreement, this.config.timeZone));
  }

  @Get(':agreement_id')
  @ApiOperation({ summary: 'One consent' })
  async get(@Param('agreement_id') agreementId: string) {
    return dataEnvelope(toAgreementDto(await this.definitions.getAgreement(agreementId), this.config.timeZone));
  }
}
