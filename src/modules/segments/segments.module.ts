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
import { SegmentEvaluationRepository } from './segment-evaluation.repository';
import { SegmentEvaluation } from './segment-evaluation.service';
import { SegmentEvaluationWorker } from './segment-evaluation.worker';
import { SegmentService } from './segment.service';

const SERVICES = [
  SegmentService,
  SegmentGroupService,
  SegmentGroupDefinitionRepository,
  SegmentDefinitionRepository,
  SegmentMembership,
  SegmentEvaluationRepository,
  SegmentEvaluation,
];

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

/** Dynamic segments kept current in the background, on a server or a `tessera worker`. */
@Module({
  imports: [SegmentsModule],
  providers: [SegmentEvaluationWorker],
})
export class SegmentEvaluationWorkerModule {}
