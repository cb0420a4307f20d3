/** What other contexts may use of segments: membership of customers. */
export { SegmentsModule } from './segments.module';
export { SegmentService, customerSegmentIdsSql } from './segment.service';
