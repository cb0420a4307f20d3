import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsDefined,
  IsEmail,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ListQueryDto, PostalAddressDto, PostalAddressOutDto } from '@tessera/http';

const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

export class StoreListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: [0, 1] })
  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1])
  visible_for_customer?: number;

  @ApiPropertyOptional({ description: 'Used only together with property_value' }) @IsOptional() @IsString() property_id?: string;
  @ApiPropertyOptional({ description: 'Used only together with property_id' }) @IsOptional() @IsString() property_value?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() system_id?: string;
}

export class GpsCoordinatesDto {
  @ApiProperty({ minimum: -180, maximum: 180 }) @IsDefined() @IsNumber() @Min(-180) @Max(180) gps_longitude!: number;
  @ApiProperty({ minimum: -90, maximum: 90 }) @IsDefined() @IsNumber() @Min(-90) @Max(90) gps_latitude!: number;
}

export class TimeIntervalDto {
  @ApiProperty({ example: '08:00:00' }) @IsDefined() @Matches(TIME) from!: string;
  @ApiProperty({ example: '17:30:00' }) @IsDefined() @Matches(TIME) to!: string;
}

export class OpeningDayDto {
  @ApiProperty({ enum: DAYS }) @IsDefined() @IsIn(DAYS) day_id!: string;

  @ApiProperty({ type: [TimeIntervalDto] })
  @IsDefined()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TimeIntervalDto)
  time_intervals!: TimeIntervalDto[];
}

/** A store as written by clients; read-only fields are accepted (as GET returns them) and ignored. */
export class StoreInputDto {
  @ApiProperty() @IsDefined() @IsString() store_code!: string;
  @ApiProperty() @IsDefined() @IsString() name!: string;

  @ApiPropertyOptional({ type: PostalAddressDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => PostalAddressDto)
  store_address?: PostalAddressDto;

  @ApiPropertyOptional() @IsOptional() @IsEmail() contact_email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() manager_name?: string;
  @ApiPropertyOptional({ pattern: '^[1-9][0-9]*$' }) @IsOptional() @Matches(/^[1-9][0-9]*$/) phone_number?: string;
  @ApiProperty() @IsDefined() @IsString() partner_id!: string;
  @ApiProperty() @IsDefined() @IsString() system_id!: string;

  @ApiPropertyOptional({ type: GpsCoordinatesDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => GpsCoordinatesDto)
  gps_coordinates?: GpsCoordinatesDto;

  @ApiPropertyOptional() @IsOptional() @IsString() url_address?: string;

  @ApiPropertyOptional({ type: [OpeningDayDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => OpeningDayDto)
  opening?: OpeningDayDto[];

  @ApiPropertyOptional() @IsOptional() @IsString() short_description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() registration_id?: string;

  @ApiPropertyOptional({ readOnly: true }) @Allow() store_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() image_urls?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() visibility_for_customer?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class StoreBodyDto {
  @ApiProperty({ type: StoreInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => StoreInputDto)
  store!: StoreInputDto;
}

export class StorePropertyRecordInputDto {
  @ApiProperty() @IsDefined() @IsString() property_id!: string;

  @ApiProperty({ description: 'Shaped by the property data type' })
  @IsDefined()
  property_value!: unknown;
}

export class StorePropertyRecordBodyDto {
  @ApiProperty({ type: StorePropertyRecordInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => StorePropertyRecordInputDto)
  property_record!: StorePropertyRecordInputDto;
}

export class StoreDto {
  @ApiProperty() store_id!: string;
  @ApiProperty() store_code!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: PostalAddressOutDto }) store_address!: PostalAddressOutDto;
  @ApiProperty({ nullable: true, type: String }) contact_email!: string | null;
  @ApiProperty({ nullable: true, type: String }) manager_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) phone_number!: string | null;
  @ApiProperty() partner_id!: string;
  @ApiProperty() system_id!: string;
  @ApiProperty({ nullable: true, type: GpsCoordinatesDto }) gps_coordinates!: GpsCoordinatesDto | null;
  @ApiProperty({ nullable: true, type: String }) url_address!: string | null;
  @ApiProperty({ type: [OpeningDayDto] }) opening!: OpeningDayDto[];
  @ApiProperty({ type: [String] }) image_urls!: string[];
  @ApiProperty({ type: 'integer', enum: [0, 1] }) visibility_for_customer!: number;
  @ApiProperty({ nullable: true, type: String }) short_description!: string | null;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ nullable: true, type: String }) registration_id!: string | null;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class StorePropertyRecordDto {
  @ApiProperty() property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiProperty() property_name!: string;
  @ApiProperty({ description: 'Shaped by the property data type' }) property_value!: unknown;
  @ApiProperty() last_change!: string;
}

export class StoreGroupRecordDto {
  @ApiProperty() store_group_record_id!: string;
  @ApiProperty() store_id!: string;
  @ApiProperty() store_group_id!: string;
  @ApiProperty() last_change!: string;
}
