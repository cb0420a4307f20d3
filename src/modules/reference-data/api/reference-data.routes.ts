import { Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, Public, customerFilterInScope, dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { COUNTRY_SORT_FIELDS, CountryService } from '../country.service';
import { CURRENCY_SORT_FIELDS, CurrencyService } from '../currency.service';
import { CUSTOMER_SOURCE_RECORD_SORT_FIELDS, CUSTOMER_SOURCE_SORT_FIELDS, CustomerSourceService } from '../customer-source.service';
import {
  ConnectionTestDto,
  ConnectionTestQueryDto,
  CountryListQueryDto,
  CurrencyListQueryDto,
  CustomerSourceListQueryDto,
  CustomerSourceRecordListQueryDto,
  LanguageListQueryDto,
  NameListQueryDto,
  StatusListQueryDto,
} from '../dto/reference-data.dto';
import { LanguageService } from '../language.service';
import {
  toCountryDto,
  toCurrencyDto,
  toCustomerSourceDto,
  toCustomerSourceRecordDto,
  toLanguageDto,
  toStatusDto,
  toStoreGroupDto,
  toStorePropertyDto,
} from '../reference-data.mapper';
import { STATUS_SORT_FIELDS, StatusService } from '../status.service';
import { STORE_GROUP_SORT_FIELDS, StoreGroupService } from '../store-group.service';
import { STORE_PROPERTY_SORT_FIELDS, StorePropertyService } from '../store-property.service';

/*
 * Handlers shared by both interfaces; each interface declares a one-line subclass carrying its
 * interface decorator and path, and Nest inherits the method routes.
 */

@ApiTags('Countries')
export abstract class CountriesRoutes {
  constructor(private readonly countries: CountryService) {}

  @Get()
  @ApiOperation({ summary: 'Countries, named in the language the caller accepts' })
  async list(@Query() query: CountryListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    return listEnvelope('countries', await this.countries.list(query, toPageRequest(query, COUNTRY_SORT_FIELDS), acceptLanguage), toCountryDto);
  }
}

@ApiTags('Languages')
export abstract class LanguagesRoutes {
  constructor(
    private readonly languages: LanguageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Languages offered for a purpose' })
  async list(@Query() query: LanguageListQueryDto) {
    const items = await this.languages.list(query);
    return listEnvelope('languages', { items, total: items.length }, (language) => toLanguageDto(language, this.config.timeZone));
  }
}

@ApiTags('Currencies')
export abstract class CurrenciesRoutes {
  constructor(private readonly currencies: CurrencyService) {}

  @Get()
  @ApiOperation({ summary: 'Currencies by ISO 4217' })
  async list(@Query() query: CurrencyListQueryDto) {
    return listEnvelope('currencies', await this.currencies.list(query, toPageRequest(query, CURRENCY_SORT_FIELDS)), toCurrencyDto);
  }

  @Get(':currency_id')
  @ApiOperation({ summary: 'One currency' })
  async get(@Param('currency_id') currencyId: string) {
    return dataEnvelope(toCurrencyDto(await this.currencies.get(currencyId)));
  }
}

@ApiTags('Customer sources')
export abstract class CustomerSourcesRoutes {
  constructor(
    private readonly sources: CustomerSourceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Channels customers come from' })
  async list(@Query() query: CustomerSourceListQueryDto) {
    const page = await this.sources.list(query, toPageRequest(query, CUSTOMER_SOURCE_SORT_FIELDS));
    return listEnvelope('customer_sources', page, (source) => toCustomerSourceDto(source, this.config.timeZone));
  }

  @Get(':customer_source_id')
  @ApiOperation({ summary: 'One customer source' })
  async get(@Param('customer_source_id') sourceId: string) {
    return dataEnvelope(toCustomerSourceDto(await this.sources.get(sourceId), this.config.timeZone));
  }
}

@ApiTags('Customer source records')
export abstract class CustomerSourceRecordsRoutes {
  constructor(
    private readonly sources: CustomerSourceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Find customers by their id in an outside system; on the Customer interface, the logged-in customer\'s records' })
  async list(@CurrentActor() actor: Actor, @Query() query: CustomerSourceRecordListQueryDto) {
    const filter = { ...query, customer_id: customerFilterInScope(actor, query.customer_id) };
    const page = await this.sources.listRecords(filter, toPageRequest(query, CUSTOMER_SOURCE_RECORD_SORT_FIELDS));
    return listEnvelope('customer_source_records', page, (record) => toCustomerSourceRecordDto(record, this.config.timeZone));
  }
}

@ApiTags('Statuses')
export abstract class StatusesRoutes {
  constructor(
    private readonly statuses: StatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Loyalty tiers and how to qualify for them' })
  async list(@Query() query: StatusListQueryDto) {
    const page = await this.statuses.list(query, toPageRequest(query, STATUS_SORT_FIELDS));
    return listEnvelope('statuses', page, (status) => toStatusDto(status, this.config.timeZone));
  }

  @Get(':status_id')
  @ApiOperation({ summary: 'One loyalty tier' })
  async get(@Param('status_id') statusId: string) {
    return dataEnvelope(toStatusDto(await this.statuses.get(statusId), this.config.timeZone));
  }
}

@ApiTags('Store groups')
export abstract class StoreGroupsRoutes {
  constructor(
    private readonly groups: StoreGroupService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Groups of stores' })
  async list(@Query() query: NameListQueryDto) {
    const page = await this.groups.list(query, toPageRequest(query, STORE_GROUP_SORT_FIELDS));
    return listEnvelope('store_groups', page, (group) => toStoreGroupDto(group, this.config.timeZone));
  }

  @Get(':store_group_id')
  @ApiOperation({ summary: 'One store group' })
  async get(@Param('store_group_id') groupId: string) {
    return dataEnvelope(toStoreGroupDto(await this.groups.get(groupId), this.config.timeZone));
  }
}

@ApiTags('Store properties')
export abstract class StorePropertiesRoutes {
  constructor(
    private readonly properties: StorePropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Custom attributes stores can carry' })
  async list(@Query() query: NameListQueryDto) {
    const page = await this.properties.list(query, toPageRequest(query, STORE_PROPERTY_SORT_FIELDS));
    return listEnvelope('store_properties', page, (property) => toStorePropertyDto(property, this.config.timeZone));
  }

  @Get(':store_property_id')
  @ApiOperation({ summary: 'One store property with its items' })
  async get(@Param('store_property_id') propertyId: string) {
    return dataEnvelope(toStorePropertyDto(await this.properties.get(propertyId), this.config.timeZone));
  }
}

@ApiTags('Tests')
export abstract class ConnectionTestRoutes {
  @Get('connection')
  @Public()
  @ApiOperation({ summary: 'Check the server answers: the string comes back reversed' })
  @ApiOkResponse({ type: ConnectionTestDto })
  connection(@Query() query: ConnectionTestQueryDto) {
    return dataEnvelope({ test_string: [...(query.test_string ?? '')].reverse().join('') });
  }
}
