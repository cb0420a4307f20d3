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
  @ApiOperation({ summary: 'Stores' })
  @ApiOkResponse({ type: StoreListResponseDto })
  async list(@Query() query: StoreListQueryDto) {
    const page = await this.stores.list(query, toPageRequest(query, STORE_SORT_FIELDS));
    return listEnvelope('stores', page, (store) => toStoreDto(store, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @ApiOperation({ summary: 'Add a store' })
  @ApiCreatedResponse({ type: StoreIdResponseDto })
  async create(@Body() body: StoreBodyDto): Promise<StoreIdResponseDto> {
    return dataEnvelope({ store_id: await this.stores.create(body.store) });
  }

  @Get(':store_id')
  @Offers('both')
  @ApiOperation({ summary: 'One store' })
  @ApiOkResponse({ type: StoreResponseDto })
  async get(@Param('store_id') storeId: string): Promise<StoreResponseDto> {
    return dataEnvelope(toStoreDto(await this.stores.get(storeId), this.config.timeZone));
  }

  @Put(':store_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({ summary: 'Replace a store; fields left out are cleared' })
  @ApiNoContentResponse()
  async replace(@Param('store_id') storeId: string, @Body() body: StoreBodyDto): Promise<void> {
    await this.stores.replace(storeId, body.store);
  }

  @Get(':store_id/property-records')
  @Offers('both')
  @ApiOperation({ summary: 'Property values of a store' })
  @ApiOkResponse({ type: StorePropertyRecordListResponseDto })
  async propertyRecords(@Param('store_id') storeId: string) {
    const page = await this.stores.listPropertyRecords(storeId);
    return listEnvelope('property_records', page, (record) => toStorePropertyRecordDto(record, this.config.timeZone));
  }

  @Post(':store_id/property-records')
  @Offers('both')
  @ApiOperation({ summary: 'Set a property value on a store' })
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
  @ApiOperation({ summary: 'Change a property value of a store' })
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
  @ApiOperation({ summary: 'Remove a property value from a store' })
  @ApiNoContentResponse()
  async deletePropertyRecord(@Param('store_id') storeId: string, @Param('property_record_id') recordId: string): Promise<void> {
    await this.stores.deletePropertyRecord(storeId, recordId);
  }

  @Get(':store_id/store-group-records')
  @Offers('both')
  @ApiOperation({ summary: 'Groups a store belongs to' })
  @ApiOkResponse({ type: StoreGroupRecordListResponseDto })
  async groupRecords(@Param('store_id') storeId: string) {
    const page = await this.stores.listGroupRecords(storeId);
    return listEnvelope('store_group_records', page, (record) => toStoreGroupRecordDto(record, this.config.timeZone));
  }
}
