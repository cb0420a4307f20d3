import { Module } from '@nestjs/common';
import { SegmentsModule } from '../../segments.module';
import { CustomerCustomerSegmentRecordsController } from './customer-segment-records.controller';
import { CustomerSegmentGroupsController } from './segment-groups.controller';
import { CustomerSegmentsController } from './segments.controller';

@Module({
  imports: [SegmentsModule],
  controllers: [CustomerSegmentsController, CustomerSegmentGroupsController, CustomerCustomerSegmentRecordsController],
})
export class SegmentsCustomerApiModule {}
