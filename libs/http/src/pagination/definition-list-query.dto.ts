import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from './list-query.dto';

/** What every operator API list of definitions takes: a page, a text to look for and a state. */
export class DefinitionListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, text id or code', example: 'coffee' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ description: '1 active, 0 deactivated; left out, both', enum: [0, 1], example: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @IsIn([0, 1, 2])
  state?: number;
}
