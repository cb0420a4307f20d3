import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';
import { ListQueryDto, MAX_PAGE_SIZE, queryArray } from '@tessera/http';

/** `segment_group_ids[]`: any of these segment groups. */
const SegmentGroupIdsFilter = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], name: 'segment_group_ids[]', description: 'Any of these segment groups' }),
    IsOptional(),
    Expose({ name: 'segment_group_ids[]' }),
    Transform(queryArray),
    IsArray(),
    ArrayMaxSize(MAX_PAGE_SIZE),
    IsString({ each: true }),
  );

export class SegmentGroupFilterDto {
  @SegmentGroupIdsFilter() segment_group_ids?: string[];
}

export class SegmentListQueryDto extends ListQueryDto {
  @SegmentGroupIdsFilter() segment_group_ids?: string[];
}

export class SegmentGroupListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() text_id?: string;
}

export class CreateSegmentDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
  @ApiPropertyOptional({ minimum: 0, maximum: 100 }) @IsOptional() @IsInt() @Min(0) @Max(100) priority?: number;
}

export class SegmentMemberDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
}

export class SegmentDto {
  @ApiProperty() segment_id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) segment_group_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) segment_picture_url?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) note?: string | null;
  @ApiProperty() last_change!: string;
}

export class SegmentGroupDto {
  @ApiProperty() segment_group_id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) parent_group_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) note?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) text_id?: string | null;
  @ApiProperty() last_change!: string;
}

export class SegmentRecordDto {
  @ApiProperty() segment_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() last_change!: string;
}
