/** What other contexts may use of segments: membership of customers, segments as the API shows them, and their definitions. */
export { SegmentEvaluationWorkerModule, SegmentsModule } from './segments.module';
export { SegmentEvaluation, EvaluationRun } from './segment-evaluation.service';
export { SegmentService, customerSegmentIdsSql, segmentsMembersSql } from './segment.service';
export { toSegmentDto } from './segments.mapper';
export { SegmentGroupDefinitionRepository } from './segment-group-definition.repository';
export { SegmentDefinitionRepository } from './segment-definition.repository';
export { SegmentMembership } from './segment-membership.service';
export { SegmentGroupDefinitionDto, SegmentGroupDefinitionViewDto as SegmentGroupDefinitionView } from './dto/segment-group-definition.dto';
export { SegmentDefinitionDto, SegmentDefinitionViewDto as SegmentDefinitionView } from './dto/segment-definition.dto';
export {
  SEGMENT_CONDITIONS_SCHEMA,
  SegmentCondition,
  SegmentConditionKind,
  checkSegmentConditions,
  referencedSegmentIds,
} from './conditions/segment-conditions';
export {
  EvaluationClock,
  SegmentSqlParams,
  programmeToday,
  segmentMatchSql,
  segmentPredicateSql,
} from './conditions/segment-condition-sql';
