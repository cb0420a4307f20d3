import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** A segment group as the operator defines it (operator API body, `tessera segment-group define` file). */
export class SegmentGroupDefinitionDto {
  @ApiPropertyOptional({ description: 'The key segments and the API name it by', example: 'lifestyle' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'text_id is lowercase letters, digits, - and _ (at most 100)' })
  text_id?: string | null;

  @ApiProperty({ example: 'Lifestyle' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  name!: string;

  @ApiPropertyOptional({ description: 'The group it sits in: its id or text id', example: 'marketing' })
  @IsOptional()
  @IsString()
  parent_group_id?: string | null;

  @ApiPropertyOptional({ example: 'Segments by how customers live' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string | null;
}

export class SegmentGroupDefinitionViewDto extends SegmentGroupDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) segment_group_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class SegmentGroupDefinitionListDto {
  @ApiProperty({ type: [SegmentGroupDefinitionViewDto] }) segment_groups!: SegmentGroupDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class SegmentGroupDefinitionListResponseDto {
  @ApiProperty({ type: SegmentGroupDefinitionListDto }) data!: SegmentGroupDefinitionListDto;
}

export class SegmentGroupDefinitionResponseDto {
  @ApiProperty({ type: SegmentGroupDefinitionViewDto }) data!: SegmentGroupDefinitionViewDto;
}
