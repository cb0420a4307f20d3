import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min } from 'class-validator';

/** A segment as the operator defines it (operator API body, `tessera segment define` file); its members are managed apart. */
export class SegmentDefinitionDto {
  @ApiProperty({ example: 'Runners' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  name!: string;

  @ApiPropertyOptional({ description: 'The group it sits in: its id or text id', example: 'lifestyle' })
  @IsOptional()
  @IsString()
  segment_group_id?: string | null;

  @ApiPropertyOptional({ example: 'Customers who bought running shoes this year' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string | null;

  @ApiPropertyOptional({ description: 'Which segment wins where a customer is in several (0 to 100)', example: 10 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  priority?: number | null;

  @ApiPropertyOptional({ example: 'https://cdn.example.com/segments/runners.png' })
  @IsOptional()
  @IsUrl({ require_tld: false })
  segment_picture_url?: string | null;
}

export class SegmentDefinitionViewDto extends SegmentDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) segment_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class SegmentDefinitionListDto {
  @ApiProperty({ type: [SegmentDefinitionViewDto] }) segments!: SegmentDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class SegmentDefinitionListResponseDto {
  @ApiProperty({ type: SegmentDefinitionListDto }) data!: SegmentDefinitionListDto;
}

export class SegmentDefinitionResponseDto {
  @ApiProperty({ type: SegmentDefinitionViewDto }) data!: SegmentDefinitionViewDto;
}
