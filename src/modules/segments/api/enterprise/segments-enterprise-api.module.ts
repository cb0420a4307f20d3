import { Module } from '@nestjs/common';
import { SegmentsModule } from '../../segments.module';
import { EnterpriseCustomerSegmentRecordsController } from './customer-segment-records.controller';
import { EnterpriseSegmentGroupsController } from './segment-groups.controller';
import { EnterpriseSegmentsController } from './segments.controller';

@Module({
  imports: [SegmentsModule],
  controllers: [EnterpriseSegmentsController, EnterpriseSegmentGroupsController, EnterpriseCustomerSegmentRecordsController],
})
export class SegmentsEnterpriseApiModule {}
