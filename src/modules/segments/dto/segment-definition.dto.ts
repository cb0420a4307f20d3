import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import type { SegmentCondition } from '../conditions/segment-conditions';

/**
 * A condition tree: here only an object, so the DTO stays flat; the repository checks it against
 * `segment-conditions.schema.json` and names the field at fault. `tessera segment define --schema`
 * prints the full schema in its place.
 */
const IsSegmentConditions = () =>
  ValidateBy({
    name: 'isSegmentConditions',
    validator: {
      validate: (value: unknown) => typeof value === 'object' && !Array.isArray(value),
      defaultMessage: () => 'conditions is a condition tree (an object with a kind)',
    },
  });

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

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      'Makes the segment dynamic: the condition tree (all, any, not over condition kinds; see the segment-conditions JSON Schema) its members are kept by. Absent or null: a static segment, members added by hand',
    example: {
      kind: 'all',
      conditions: [
        { kind: 'purchases', days: 30, count_min: 2 },
        { kind: 'profile', field: 'city', op: 'one_of', values: ['Praha'] },
      ],
    },
  })
  @IsOptional()
  @IsSegmentConditions()
  conditions?: SegmentCondition | null;
}

export class SegmentDefinitionViewDto extends SegmentDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) segment_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A dynamic segment: when its members were last evaluated in full (null: not yet)',
    example: '2026-11-27T16:31:00.000Z',
  })
  evaluated_at!: string | null;
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

/** A condition tree to try before saving it. */
export class SegmentPreviewBodyDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The condition tree, as a segment carries it' })
  @IsDefined()
  @IsSegmentConditions()
  conditions!: SegmentCondition;
}

export class SegmentPreviewMemberDto {
  @ApiProperty({ example: '7c1e4b2a9d3f4e5a8b6c0d1e2f3a4b5c' }) customer_id!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Ann' }) first_name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Novak' }) last_name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'ann@example.com' }) email!: string | null;
}

/** What a tree would hold now: how many customers, and some of them. */
export class SegmentPreviewDto {
  @ApiProperty({ description: 'Customers the tree holds for now', example: 1250 }) size!: number;
  @ApiProperty({ type: [SegmentPreviewMemberDto], description: 'Up to 20 of them' }) sample!: SegmentPreviewMemberDto[];
}

export class SegmentPreviewResponseDto {
  @ApiProperty({ type: SegmentPreviewDto }) data!: SegmentPreviewDto;
}

/** What a full evaluation changed. */
export class SegmentEvaluationDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) segment_id!: string;
  @ApiProperty({ description: 'Customers who joined', example: 12 }) joined!: number;
  @ApiProperty({ description: 'Customers who left', example: 3 }) left!: number;
}

export class SegmentEvaluationResponseDto {
  @ApiProperty({ type: SegmentEvaluationDto }) data!: SegmentEvaluationDto;
}
