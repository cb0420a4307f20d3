import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCalendarDate } from '@tessera/http';
import { FIGURE_GRANULARITIES, FigureGranularity } from '../rules/figure-periods';

export class FiguresQueryDto {
  @ApiProperty({ description: 'First day (UTC), widened to the start of its period', example: '2026-09-01' })
  @IsDefined()
  @IsCalendarDate()
  from!: string;

  @ApiProperty({ description: 'Last day (UTC), included', example: '2026-11-30' })
  @IsDefined()
  @IsCalendarDate()
  to!: string;

  @ApiPropertyOptional({ enum: FIGURE_GRANULARITIES, default: 'day', example: 'week' })
  @IsOptional()
  @IsIn(FIGURE_GRANULARITIES)
  granularity?: FigureGranularity;

  @ApiPropertyOptional({ description: 'Only this store (its id)', example: 'b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e1' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  store_id?: string;
}
