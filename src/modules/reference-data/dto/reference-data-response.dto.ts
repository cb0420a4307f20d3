import { ApiProperty } from '@nestjs/swagger';
import { PartnerDto, PartnerPropertyRecordDto } from './partner.dto';
import {
  ConnectionTestDto,
  CountryDto,
  CurrencyDto,
  CustomerSourceDto,
  CustomerSourceRecordDto,
  LanguageDto,
  StatusDto,
  StoreGroupDto,
  StorePropertyDto,
} from './reference-data.dto';
import { StoreDto, StoreGroupRecordDto, StorePropertyRecordDto } from './store.dto';

export class CountryListDataDto {
  @ApiProperty({ type: () => [CountryDto] }) countries!: CountryDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CountryListResponseDto {
  @ApiProperty({ type: () => CountryListDataDto }) data!: CountryListDataDto;
}

export class CurrencyListDataDto {
  @ApiProperty({ type: () => [CurrencyDto] }) currencies!: CurrencyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CurrencyListResponseDto {
  @ApiProperty({ type: () => CurrencyListDataDto }) data!: CurrencyListDataDto;
}

export class CurrencyResponseDto {
  @ApiProperty({ type: () => CurrencyDto }) data!: CurrencyDto;
}

export class CustomerSourceRecordListDataDto {
  @ApiProperty({ type: () => [CustomerSourceRecordDto] }) customer_source_records!: CustomerSourceRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerSourceRecordListResponseDto {
  @ApiProperty({ type: () => CustomerSourceRecordListDataDto }) data!: CustomerSourceRecordListDataDto;
}

export class CustomerSourceListDataDto {
  @ApiProperty({ type: () => [CustomerSourceDto] }) customer_sources!: CustomerSourceDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerSourceListResponseDto {
  @ApiProperty({ type: () => CustomerSourceListDataDto }) data!: CustomerSourceListDataDto;
}

export class CustomerSourceResponseDto {
  @ApiProperty({ type: () => CustomerSourceDto }) data!: CustomerSourceDto;
}

export class LanguageListDataDto {
  @ApiProperty({ type: () => [LanguageDto] }) languages!: LanguageDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class LanguageListResponseDto {
  @ApiProperty({ type: () => LanguageListDataDto }) data!: LanguageListDataDto;
}

export class PartnerListDataDto {
  @ApiProperty({ type: () => [PartnerDto] }) partners!: PartnerDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PartnerListResponseDto {
  @ApiProperty({ type: () => PartnerListDataDto }) data!: PartnerListDataDto;
}

export class PartnerResponseDto {
  @ApiProperty({ type: () => PartnerDto }) data!: PartnerDto;
}

export class PartnerPropertyRecordListDataDto {
  @ApiProperty({ type: () => [PartnerPropertyRecordDto] }) property_records!: PartnerPropertyRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PartnerPropertyRecordListResponseDto {
  @ApiProperty({ type: () => PartnerPropertyRecordListDataDto }) data!: PartnerPropertyRecordListDataDto;
}

export class StatusListDataDto {
  @ApiProperty({ type: () => [StatusDto] }) statuses!: StatusDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StatusListResponseDto {
  @ApiProperty({ type: () => StatusListDataDto }) data!: StatusListDataDto;
}

export class StatusResponseDto {
  @ApiProperty({ type: () => StatusDto }) data!: StatusDto;
}

export class StoreGroupListDataDto {
  @ApiProperty({ type: () => [StoreGroupDto] }) store_groups!: StoreGroupDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StoreGroupListResponseDto {
  @ApiProperty({ type: () => StoreGroupListDataDto }) data!: StoreGroupListDataDto;
}

export class StoreGroupResponseDto {
  @ApiProperty({ type: () => StoreGroupDto }) data!: StoreGroupDto;
}

export class StorePropertyListDataDto {
  @ApiProperty({ type: () => [StorePropertyDto] }) store_properties!: StorePropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StorePropertyListResponseDto {
  @ApiProperty({ type: () => StorePropertyListDataDto }) data!: StorePropertyListDataDto;
}

export class StorePropertyResponseDto {
  @ApiProperty({ type: () => StorePropertyDto }) data!: StorePropertyDto;
}

export class StoreListDataDto {
  @ApiProperty({ type: () => [StoreDto] }) stores!: StoreDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StoreListResponseDto {
  @ApiProperty({ type: () => StoreListDataDto }) data!: StoreListDataDto;
}

export class StoreResponseDto {
  @ApiProperty({ type: () => StoreDto }) data!: StoreDto;
}

export class StoreIdDto {
  @ApiProperty() store_id!: string;
}

export class StoreIdResponseDto {
  @ApiProperty({ type: () => StoreIdDto }) data!: StoreIdDto;
}

export class StorePropertyRecordListDataDto {
  @ApiProperty({ type: () => [StorePropertyRecordDto] }) property_records!: StorePropertyRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StorePropertyRecordListResponseDto {
  @ApiProperty({ type: () => StorePropertyRecordListDataDto }) data!: StorePropertyRecordListDataDto;
}

export class StorePropertyRecordIdDto {
  @ApiProperty() property_record_id!: string;
}

export class StorePropertyRecordIdResponseDto {
  @ApiProperty({ type: () => StorePropertyRecordIdDto }) data!: StorePropertyRecordIdDto;
}

export class StoreGroupRecordListDataDto {
  @ApiProperty({ type: () => [StoreGroupRecordDto] }) store_group_records!: StoreGroupRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StoreGroupRecordListResponseDto {
  @ApiProperty({ type: () => StoreGroupRecordListDataDto }) data!: StoreGroupRecordListDataDto;
}

export class ConnectionTestResponseDto {
  @ApiProperty({ type: () => ConnectionTestDto }) data!: ConnectionTestDto;
}
