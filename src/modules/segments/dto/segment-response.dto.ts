import { ApiProperty } from '@nestjs/swagger';
import { SegmentDto, SegmentGroupDto, SegmentRecordDto } from './segment.dto';

export class SegmentListDataDto {
  @ApiProperty({ type: () => [SegmentDto] }) segments!: SegmentDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class SegmentListResponseDto {
  @ApiProperty({ type: () => SegmentListDataDto }) data!: SegmentListDataDto;
}

export class SegmentResponseDto {
  @ApiProperty({ type: () => SegmentDto }) data!: SegmentDto;
}

export class SegmentIdDto {
  @ApiProperty() segment_id!: string;
}

export class SegmentIdResponseDto {
  @ApiProperty({ type: () => SegmentIdDto }) data!: SegmentIdDto;
}

export class SegmentGroupListDataDto {
  @ApiProperty({ type: () => [SegmentGroupDto] }) segment_groups!: SegmentGroupDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class SegmentGroupListResponseDto {
  @ApiProperty({ type: () => SegmentGroupListDataDto }) data!: SegmentGroupListDataDto;
}

export class SegmentGroupResponseDto {
  @ApiProperty({ type: () => SegmentGroupDto }) data!: SegmentGroupDto;
}

export class SegmentRecordListDataDto {
  @ApiProperty({ type: () => [SegmentRecordDto] }) segment_records!: SegmentRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class SegmentRecordListResponseDto {
  @ApiProperty({ type: () => SegmentRecordListDataDto }) data!: SegmentRecordListDataDto;
}
