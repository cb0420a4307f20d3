import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString } from 'class-validator';
import { ListQueryDto, MAX_PAGE_SIZE, queryArray } from '@tessera/http';

export class ExternalApplicationListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'Any of these text ids (also accepted as text_id[])' })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  text_id?: string[];

  @ApiPropertyOptional({ type: [String], name: 'text_id[]' })
  @IsOptional()
  @Expose({ name: 'text_id[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  text_id_brackets?: string[];
}

/** What the public catalogue shows of an application: never its interface or permissions. */
export class ExternalApplicationDto {
  @ApiProperty() external_application_id!: string;
  @ApiProperty({ example: 'sandbox_app' }) text_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: '2026-01-31 08:15:00' }) last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class ExternalApplicationListDataDto {
  @ApiProperty({ type: () => [ExternalApplicationDto] }) customer_external_applications!: ExternalApplicationDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ExternalApplicationListResponseDto {
  @ApiProperty({ type: () => ExternalApplicationListDataDto }) data!: ExternalApplicationListDataDto;
}

export class ExternalApplicationResponseDto {
  @ApiProperty({ type: () => ExternalApplicationDto }) data!: ExternalApplicationDto;
}
