import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** A postal address as customers, their additional addresses, stores and partners send it. */
export class PostalAddressDto {
  @ApiPropertyOptional() @IsOptional() @IsString() address1?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() address2?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() address3?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() address4?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() address5?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() address6?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() address7?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() zip?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() city?: string;
  @ApiPropertyOptional({ example: 'cz' }) @IsOptional() @IsString() country_code?: string;
}

export class PostalAddressOutDto {
  @ApiProperty({ nullable: true, type: String }) address1!: string | null;
  @ApiProperty({ nullable: true, type: String }) address2!: string | null;
  @ApiProperty({ nullable: true, type: String }) address3!: string | null;
  @ApiProperty({ nullable: true, type: String }) address4!: string | null;
  @ApiProperty({ nullable: true, type: String }) address5!: string | null;
  @ApiProperty({ nullable: true, type: String }) address6!: string | null;
  @ApiProperty({ nullable: true, type: String }) address7!: string | null;
  @ApiProperty({ nullable: true, type: String }) zip!: string | null;
  @ApiProperty({ nullable: true, type: String }) city!: string | null;
  @ApiProperty({ nullable: true, type: String }) country_code!: string | null;
}

/** The columns every entity with an address has, under the same property names. */
export interface PostalAddressColumns {
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  address5: string | null;
  address6: string | null;
  address7: string | null;
  zip: string | null;
  city: string | null;
  countryCode: string | null;
}

/** The same columns as a raw row names them, for repositories mapping rows without entities. */
export interface PostalAddressRow {
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  address5: string | null;
  address6: string | null;
  address7: string | null;
  zip: string | null;
  city: string | null;
  country_code: string | null;
}

/** What an address write stores: omitted parts are cleared, country codes kept in lower case. */
export function postalAddressColumns(address: PostalAddressDto | undefined): PostalAddressColumns {
  return {
    address1: address?.address1 ?? null,
    address2: address?.address2 ?? null,
    address3: address?.address3 ?? null,
    address4: address?.address4 ?? null,
    address5: address?.address5 ?? null,
    address6: address?.address6 ?? null,
    address7: address?.address7 ?? null,
    zip: address?.zip ?? null,
    city: address?.city ?? null,
    countryCode: address?.country_code?.toLowerCase() ?? null,
  };
}

export function toPostalAddressDto(source: PostalAddressColumns): PostalAddressOutDto {
  return {
    address1: source.address1,
    address2: source.address2,
    address3: source.address3,
    address4: source.address4,
    address5: source.address5,
    address6: source.address6,
    address7: source.address7,
    zip: source.zip,
    city: source.city,
    country_code: source.countryCode,
  };
}
