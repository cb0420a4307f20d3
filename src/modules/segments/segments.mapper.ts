import { formatDateTime } from '@tessera/http';
import { SegmentDto, SegmentGroupDto, SegmentRecordDto } from './dto/segment.dto';
import { SegmentGroupEntity } from './entities/segment-group.entity';
import { SegmentRecordEntity } from './entities/segment-record.entity';
import { SegmentEntity } from './entities/segment.entity';

export function toSegmentDto(segment: SegmentEntity, timeZone: string): SegmentDto {
  return {
    segment_id: segment.id,
    name: segment.name,
    segment_group_id: segment.segmentGroupId,
    segment_picture_url: segment.segmentPictureUrl,
    note: segment.note,
    last_change: formatDateTime(segment.lastChange, timeZone),
  };
}

export function toSegmentGroupDto(group: SegmentGroupEntity, timeZone: string): SegmentGroupDto {
  return {
    segment_group_id: group.id,
    name: group.name,
    parent_group_id: group.parentGroupId,
    note: group.note,
    text_id: group.textId,
    last_change: formatDateTime(group.lastChange, timeZone),
  };
}

export function toSegmentRecordDto(record: SegmentRecordEntity, timeZone: string): SegmentRecordDto {
  return {
    segment_id: record.segmentId,
    customer_id: record.customerId,
    created_at: formatDateTime(record.createdAt, timeZone),
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}
