import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsOptional, IsString, ValidateNested } from 'class-validator';
import { BatchOptionsDto, ListQueryDto, PostalAddressDto, queryArray, queryBoolean, PropertyRecordInputDto } from '@tessera/http';

export class PropertyRecordBodyDto {
  @ApiProperty({ type: PropertyRecordInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => PropertyRecordInputDto)
  property_record!: PropertyRecordInputDto;
}

export class PropertyRecordBatchBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [PropertyRecordInputDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PropertyRecordInputDto)
  property_records!: PropertyRecordInputDto[];
}

export class SourceRecordInputDto {
  @ApiProperty() @IsDefined() @IsString() customer_source_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() external_id?: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() customer_source_record_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() customer_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class SourceRecordBodyDto {
  @ApiProperty({ type: SourceRecordInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => SourceRecordInputDto)
  customer_source_record!: SourceRecordInputDto;
}

export class SourceRecordListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ deprecated: true }) @IsOptional() @IsString() external_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customer_source_id?: string;

  @ApiPropertyOptional({ type: [String], name: 'external_ids[]' })
  @IsOptional()
  @Expose({ name: 'external_ids[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  external_ids?: string[];
}

export class StatusRecordQueryDto {
  @ApiPropertyOptional({ type: Boolean }) @IsOptional() @Transform(queryBoolean) @IsBoolean() valid_now?: boolean;
}

export class InterestRecordInputDto {
  @ApiProperty() @IsDefined() @IsString() interest_id!: string;
  @ApiProperty() @IsDefined() @IsString() customer_id!: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() interest_record_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class InterestRecordBodyDto {
  @ApiProperty({ type: InterestRecordInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => InterestRecordInputDto)
  interest_record!: InterestRecordInputDto;
}

export class AdditionalAddressInputDto {
  @ApiProperty({ description: 'A customer address type id' }) @IsDefined() @IsString() address_type!: string;
  @ApiProperty({ type: PostalAddressDto }) @IsDefined() @ValidateNested() @Type(() => PostalAddressDto) address!: PostalAddressDto;
  @ApiPropertyOptional({ readOnly: true }) @Allow() additional_address_id?: unknown;
}

export class AdditionalAddressBodyDto {
  @ApiProperty({ type: AdditionalAddressInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => AdditionalAddressInputDto)
  additional_address!: AdditionalAddressInputDto;
}

export class AddressListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_address_type_id?: string;
}

export class RelatedCustomerInputDto {
  @ApiProperty() @IsDefined() @IsString() related_customer_id!: string;
  @ApiProperty() @IsDefined() @IsString() customer_relation_type_id!: string;
  @ApiProperty() @IsDefined() @IsBoolean() is_leading!: boolean;
  @ApiPropertyOptional({ readOnly: true }) @Allow() customer_relation_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() short_name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() valid_from?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() valid_to?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class RelatedCustomerBodyDto {
  @ApiProperty({ type: RelatedCustomerInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => RelatedCustomerInputDto)
  related_customer!: RelatedCustomerInputDto;
}

export class RelatedCustomerListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() related_customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customer_relation_type_id?: string;
  @ApiPropertyOptional({ type: Boolean, default: false })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  all_customer_relations?: boolean;
}

export class ReferralListQueryDto {
  @ApiPropertyOptional({ type: Boolean }) @IsOptional() @Transform(queryBoolean) @IsBoolean() is_valid?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() referral_campaign_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() referral_code?: string;
}

export class PartnerRecordInputDto {
  @ApiProperty() @IsDefined() @IsString() partner_id!: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() partner_record_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class PartnerRecordBodyDto {
  @ApiProperty({ type: PartnerRecordInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => PartnerRecordInputDto)
  partner_record!: PartnerRecordInputDto;
}

export class NameFilterQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
}

export class AgreementListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() communication_channel_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() text_id?: string;
}
