import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { CustomersModule } from '../customers';
import { SegmentGroupEntity } from './entities/segment-group.entity';
import { SegmentRecordEntity } from './entities/segment-record.entity';
import { SegmentEntity } from './entities/segment.entity';
import { SegmentDefinitionRepository } from './segment-definition.repository';
import { SegmentGroupDefinitionRepository } from './segment-group-definition.repository';
import { SegmentGroupService } from './segment-group.service';
import { SegmentMembership } from './segment-membership.service';
import { SegmentService } from './segment.service';

const SERVICES = [SegmentService, SegmentGroupService, SegmentGroupDefinitionRepository, SegmentDefinitionRepository, SegmentMembership];

/**
 * Segments, their groups and customer membership, as the contract reads and writes them and as the
 * operator defines them. Other contexts check segment ids through SegmentService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SegmentEntity, SegmentGroupEntity, SegmentRecordEntity]), CustomersModule, AuditModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class SegmentsModule {}
