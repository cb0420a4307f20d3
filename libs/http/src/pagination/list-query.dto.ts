import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 100;

/** The paging and sorting parameters every list operation takes. */
export class ListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Page size' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  count?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0, description: 'Records to skip' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;

  @ApiPropertyOptional({ description: 'A first-level field of the listed records' })
  @IsOptional()
  @IsString()
  sort_field?: string;

  @ApiPropertyOptional({ enum: ['ASC', 'DESC'], default: 'ASC' })
  @IsOptional()
  @IsIn(['ASC', 'DESC'])
  sort_direction?: 'ASC' | 'DESC';
}

export interface PageRequest<TSortField extends string = string> {
  limit: number;
  offset: number;
  sortField?: TSortField;
  sortDirection: 'ASC' | 'DESC';
}

export interface Page<T> {
  items: T[];
  total: number;
}
