import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayUnique, IsArray, IsDefined, IsEmail, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { PostalAddressDto } from '@tessera/http';
import { GpsCoordinatesDto, OpeningDayDto } from './store.dto';

/** A store as the operator defines it (operator API body, `tessera store define` file). */
export class StoreDefinitionDto {
  @ApiProperty({ description: 'The code POS systems and operators name the store by', example: 'PRG-01' })
  @IsDefined()
  @IsString()
  @MaxLength(100)
  store_code!: string;

  @ApiProperty({ example: 'Prague Centre' }) @IsDefined() @IsString() name!: string;

  @ApiProperty({ description: 'The partner the store belongs to', example: '5b2d4e6f8a0b1c2d3e4f5a6b3f9a1c7e' })
  @IsDefined()
  @IsString()
  partner_id!: string;

  @ApiProperty({ description: 'The POS system the store sends purchases from', example: 'pos-main' })
  @IsDefined()
  @IsString()
  system_id!: string;

  @ApiPropertyOptional({ type: PostalAddressDto, example: { address1: 'Na Příkopě 1', city: 'Praha', zip: '11000', country_code: 'cz' } })
  @IsOptional()
  @ValidateNested()
  @Type(() => PostalAddressDto)
  store_address?: PostalAddressDto | null;

  @ApiPropertyOptional({ example: 'prague@example.com' }) @IsOptional() @IsEmail() contact_email?: string | null;
  @ApiPropertyOptional({ example: 'Jana Nováková' }) @IsOptional() @IsString() manager_name?: string | null;

  @ApiPropertyOptional({ pattern: '^[1-9][0-9]*$', example: '420777123456' })
  @IsOptional()
  @Matches(/^[1-9][0-9]*$/)
  phone_number?: string | null;

  @ApiPropertyOptional({ type: GpsCoordinatesDto, example: { gps_longitude: 14.4212, gps_latitude: 50.0865 } })
  @IsOptional()
  @ValidateNested()
  @Type(() => GpsCoordinatesDto)
  gps_coordinates?: GpsCoordinatesDto | null;

  @ApiPropertyOptional({ example: 'https://example.com/stores/prague' }) @IsOptional() @IsString() url_address?: string | null;

  @ApiPropertyOptional({ type: [OpeningDayDto], example: [{ day_id: 'MON', time_intervals: [{ from: '08:00:00', to: '17:30:00' }] }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => OpeningDayDto)
  opening?: OpeningDayDto[] | null;

  @ApiPropertyOptional({ example: 'Our flagship' }) @IsOptional() @IsString() short_description?: string | null;
  @ApiPropertyOptional({ example: 'The first store, by the old town square.' }) @IsOptional() @IsString() description?: string | null;
  @ApiPropertyOptional({ example: '12345678' }) @IsOptional() @IsString() registration_id?: string | null;

  @ApiPropertyOptional({ description: 'The store groups it belongs to, by id; left out, none', example: ['8bed991c68a470e7aaeffbf048'] })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsString({ each: true })
  store_group_ids?: string[];
}

export class StoreDefinitionViewDto extends StoreDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) store_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class StoreDefinitionListDto {
  @ApiProperty({ type: [StoreDefinitionViewDto] }) stores!: StoreDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class StoreDefinitionListResponseDto {
  @ApiProperty({ type: StoreDefinitionListDto }) data!: StoreDefinitionListDto;
}

export class StoreDefinitionResponseDto {
  @ApiProperty({ type: StoreDefinitionViewDto }) data!: StoreDefinitionViewDto;
}
