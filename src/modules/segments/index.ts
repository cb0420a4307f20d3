/** What other contexts may use of segments: membership of customers, and segments as the API shows them. */
export { SegmentsModule } from './segments.module';
export { SegmentService, customerSegmentIdsSql } from './segment.service';
export { toSegmentDto } from './segments.mapper';
