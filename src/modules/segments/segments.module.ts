import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { SegmentGroupEntity } from './entities/segment-group.entity';
import { SegmentRecordEntity } from './entities/segment-record.entity';
import { SegmentEntity } from './entities/segment.entity';
import { SegmentGroupService } from './segment-group.service';
import { SegmentService } from './segment.service';

const SERVICES = [SegmentService, SegmentGroupService];

/** Segments, their groups and customer membership. Other contexts check segment ids through SegmentService. */
@Module({
  imports: [TypeOrmModule.forFeature([SegmentEntity, SegmentGroupEntity, SegmentRecordEntity]), CustomersModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class SegmentsModule {}
