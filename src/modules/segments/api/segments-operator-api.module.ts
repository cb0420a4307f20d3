import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { SegmentsModule } from '../segments.module';
import { SegmentGroupsOperatorController } from './segment-groups-operator.controller';
import { SegmentsOperatorController } from './segments-operator.controller';

@Module({ imports: [SegmentsModule, AuditModule], controllers: [SegmentGroupsOperatorController, SegmentsOperatorController] })
export class SegmentsOperatorApiModule {}
