import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';
import { ListQueryDto, queryArray, queryBoolean } from '../../../../libs/http/src';

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

export interface CustomerEventDto {
  event_id: string;
  event_type_id: string;
  customer_id: string | null;
  external_id: string;
  data: object | null;
  created_at: string;
  secondary_external_id: string | null;
  state: number;
  property_records: never[];
}
