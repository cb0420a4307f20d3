import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  StoreGroupRecordListResponseDto,
  StoreIdResponseDto,
  StoreListResponseDto,
  StorePropertyRecordIdResponseDto,
  StorePropertyRecordListResponseDto,
  StoreResponseDto,
} from '../dto/reference-data-response.dto';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { StorePropertyRecordBodyDto, StoreBodyDto, StoreListQueryDto } from '../dto/store.dto';
import { toStoreDto, toStoreGroupRecordDto, toStorePropertyRecordDto } from '../store.mapper';
import { STORE_SORT_FIELDS, StoreService } from '../store.service';

@ApiResource('stores')
@ApiTags('Stores')
export class StoresController {
  constructor(
    private readonly stores: StoreService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Stores',
    description: "Lists the project's stores with their addresses and partners.",
  })
  @ApiOkResponse({ type: StoreListResponseDto })
  async list(@Query() query: StoreListQueryDto) {
    const page = await this.stores.list(query, toPageRequest(query, STORE_SORT_FIELDS));
    return listEnvelope('stores', page, (store) => toStoreDto(store, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @ApiOperation({
    summary: 'Add a store',
    description: 'Creates a store. Its partner and country must exist (400 not_found) and store_code must be unique (400 already_exists).',
  })
  @ApiCreatedResponse({ type: StoreIdResponseDto })
  async create(@Body() body: StoreBodyDto): Promise<StoreIdResponseDto> {
    return dataEnvelope({ store_id: await this.stores.create(body.store) });
  }

  @Get(':store_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One store',
    description: 'Reads one store by id.',
  })
  @ApiOkResponse({ type: StoreResponseDto })
  async get(@Param('store_id') storeId: string): Promise<StoreResponseDto> {
    return dataEnvelope(toStoreDto(await this.stores.get(storeId), this.config.timeZone));
  }

  @Put(':store_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Replace a store; fields left out are cleared',
    description: "Replaces a store's fields; fields left out are cleared. The same checks as for a new store apply.",
  })
  @ApiNoContentResponse()
  async replace(@Param('store_id') storeId: string, @Body() body: StoreBodyDto): Promise<void> {
    await this.stores.replace(storeId, body.store);
  }

  @Get(':store_id/property-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Property values of a store',
    description: "Lists the store's values of the custom store properties.",
  })
  @ApiOkResponse({ type: StorePropertyRecordListResponseDto })
  async propertyRecords(@Param('store_id') storeId: string) {
    const page = await this.stores.listPropertyRecords(storeId);
    return listEnvelope('property_records', page, (record) => toStorePropertyRecordDto(record, this.config.timeZone));
  }

  @Post(':store_id/property-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Set a property value on a store',
    description: "Stores a value of a custom store property on the store; the value must fit the property's data type and items.",
  })
  @ApiCreatedResponse({ type: StorePropertyRecordIdResponseDto })
  async addPropertyRecord(
    @Param('store_id') storeId: string,
    @Body() body: StorePropertyRecordBodyDto,
  ): Promise<StorePropertyRecordIdResponseDto> {
    return dataEnvelope({ property_record_id: await this.stores.addPropertyRecord(storeId, body.property_record) });
  }

  @Put(':store_id/property-records/:property_record_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Change a property value of a store',
    description: "Changes one of the store's property values; the value must fit the property's data type and items.",
  })
  @ApiNoContentResponse()
  async replacePropertyRecord(
    @Param('store_id') storeId: string,
    @Param('property_record_id') recordId: string,
    @Body() body: StorePropertyRecordBodyDto,
  ): Promise<void> {
    await this.stores.replacePropertyRecord(storeId, recordId, body.property_record);
  }

  @Delete(':store_id/property-records/:property_record_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a property value from a store',
    description: "Deletes one of the store's property values.",
  })
  @ApiNoContentResponse()
  async deletePropertyRecord(@Param('store_id') storeId: string, @Param('property_record_id') recordId: string): Promise<void> {
    await this.stores.deletePropertyRecord(storeId, recordId);
  }

  @Get(':store_id/store-group-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Groups a store belongs to',
    description: 'Lists the store groups the store is a member of.',
  })
  @ApiOkResponse({ type: StoreGroupRecordListResponseDto })
  async groupRecords(@Param('store_id') storeId: string) {
    const page = await this.stores.listGroupRecords(storeId);
    return listEnvelope('store_group_records', page, (record) => toStoreGroupRecordDto(record, this.config.timeZone));
  }
}
