import { Module } from '@nestjs/common';
import { SegmentsModule } from '../segments.module';
import { CustomerSegmentRecordsController } from './customer-segment-records.controller';
import { SegmentGroupsController } from './segment-groups.controller';
import { SegmentsController } from './segments.controller';

@Module({
  imports: [SegmentsModule],
  controllers: [SegmentsController, SegmentGroupsController, CustomerSegmentRecordsController],
})
export class SegmentsApiModule {}
