import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';
import { ListQueryDto, queryArray, queryBoolean } from '@tessera/http';

export class CustomerEventQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() event_type_id?: string;
  @ApiPropertyOptional({ type: [String], description: 'Any of these event types' })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  event_type_ids?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() external_id?: string;
  @ApiPropertyOptional({ description: 'Events carry no property records yet: the list is empty either way' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  include_property_records?: boolean;
  @ApiPropertyOptional({ example: '2025-01-01 00:00:00' }) @IsOptional() @IsString() time_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31 23:59:59' }) @IsOptional() @IsString() time_to?: string;
}

export class CustomerEventDto {
  @ApiProperty({ readOnly: true }) event_id!: string;
  @ApiProperty() event_type_id!: string;
  @ApiProperty({ nullable: true, type: String }) customer_id!: string | null;
  @ApiProperty() external_id!: string;
  @ApiPropertyOptional({ type: Object, nullable: true, description: 'Free-form payload of the event' }) data!: object | null;
  @ApiProperty({ example: '2025-01-01 08:00:00' }) created_at!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) secondary_external_id!: string | null;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2], readOnly: true }) state!: number;
  @ApiProperty({ type: [Object], readOnly: true, description: 'Always empty: events carry no property records yet' })
  property_records!: never[];
}

export class CustomerEventListDataDto {
  @ApiProperty({ type: () => [CustomerEventDto] }) customer_events!: CustomerEventDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerEventListResponseDto {
  @ApiProperty({ type: () => CustomerEventListDataDto }) data!: CustomerEventListDataDto;
}
