import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CommonException, InvalidReason } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { AuditActor, AuditTrail, DefinitionLifecycle } from '../audit';
import { SegmentCondition, checkSegmentConditions, referencedSegmentIds } from './conditions/segment-conditions';
import { EvaluationClock, programmeToday } from './conditions/segment-condition-sql';
import { SegmentEvaluationDto, SegmentPreviewDto } from './dto/segment-definition.dto';
import { SegmentDefinitionRepository } from './segment-definition.repository';
import { DynamicSegment, MembershipChange, SegmentEvaluationRepository } from './segment-evaluation.repository';

const SAMPLE_SIZE = 20;
/** Serialises evaluations of one segment across every instance. */
const segmentLock = (segmentId: string) => `segment-evaluation:${segmentId}`;
/** One instance reads the outbox at a time. */
const OUTBOX_READ_LOCK = 'segment-evaluation:outbox';

/** Segments in an order where each comes after the segments its tree names, so they are current when it reads them. */
export function inDependencyOrder(segments: DynamicSegment[]): DynamicSegment[] {
  const byId = new Map(segments.map((segment) => [segment.segment_id, segment]));
  const ordered: DynamicSegment[] = [];
  const placed = new Set<string>();
  const place = (segment: DynamicSegment, path: Set<string>): void => {
    if (placed.has(segment.segment_id) || path.has(segment.segment_id)) return;
    path.add(segment.segment_id);
    for (const named of referencedSegmentIds(segment.conditions)) {
      const dependency = byId.get(named);
      if (dependency) place(dependency, path);
    }
    placed.add(segment.segment_id);
    ordered.push(segment);
  };
  for (const segment of segments) place(segment, new Set());
  return ordered;
}

export interface EvaluationRun {
  /** Segments evaluated in full. */
  full: number;
  /** Customers re-checked from the outbox. */
  touched: number;
  joined: number;
  left: number;
}

/**
 * Keeps dynamic segments' members current. A run first evaluates in full the segments that owe it
 * (new or changed trees, and every segment once per refresh period, for the conditions time moves),
 * then re-checks, in every dynamic segment, only the customers the outbox names since the last run.
 * Each segment is evaluated under its advisory lock, so two instances never evaluate one at once.
 */
@Injectable()
export class SegmentEvaluation {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly evaluations: SegmentEvaluationRepository,
    private readonly definitions: SegmentDefinitionRepository,
    private readonly lifecycle: DefinitionLifecycle,
    private readonly audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  clock(now = new Date()): EvaluationClock {
    return { now, today: programmeToday(now, this.config.timeZone) };
  }

  async run(): Promise<EvaluationRun> {
    const totals: EvaluationRun = { full: 0, touched: 0, joined: 0, left: 0 };
    const segments = inDependencyOrder(await this.evaluations.dynamicSegments(this.config.segmentRefreshSeconds, this.dataSource.manager));
    const add = (change: { joined: number; left: number; touched?: number }) => {
      totals.joined += change.joined;
      totals.left += change.left;
      totals.touched += change.touched ?? 0;
    };
    add(await this.evaluateTouched(segments));
    for (const segment of segments.filter((candidate) => candidate.due)) {
      const change = await this.evaluateFull(segment.segment_id, segment.conditions, false);
      if (change) {
        totals.full += 1;
        add(change);
      }
      // Between full evaluations, which take seconds at scale, new events wait no longer than one of them.
      add(await this.evaluateTouched(segments));
    }
    return totals;
  }

  /**
   * The outbox's customers since the last read, re-checked in every dynamic segment in one transaction
   * with the cursor's move, so each event is acted on once. Another instance on it: skipped.
   */
  private async evaluateTouched(segments: DynamicSegment[]): Promise<{ touched: number; joined: number; left: number }> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.evaluations.tryLock(OUTBOX_READ_LOCK, manager))) return { touched: 0, joined: 0, left: 0 };
      const customers = await this.evaluations.touchedCustomers(manager);
      let [joined, left] = [0, 0];
      if (customers.length > 0) {
        const clock = this.clock();
        for (const segment of segments) {
          await this.evaluations.lock(segmentLock(segment.segment_id), manager);
          const change = await this.evaluations.evaluate(segment.segment_id, segment.conditions, clock, customers, manager);
          joined += change.joined;
          left += change.left;
        }
      }
      return { touched: customers.length, joined, left };
    });
  }

  /** One segment in full, in its own transaction; null when `wait` is false and another instance holds it. */
  private async evaluateFull(
    segmentId: string,
    tree: SegmentCondition,
    wait: boolean,
    manager?: EntityManager,
  ): Promise<MembershipChange | null> {
    if (!manager) return this.dataSource.transaction((own) => this.evaluateFull(segmentId, tree, wait, own));
    if (wait) await this.evaluations.lock(segmentLock(segmentId), manager);
    else if (!(await this.evaluations.tryLock(segmentLock(segmentId), manager))) return null;
    await this.evaluations.allowLargeSets(manager);
    const clock = this.clock();
    const change = await this.evaluations.evaluate(segmentId, tree, clock, null, manager);
    await this.evaluations.markEvaluated(segmentId, clock.now, manager);
    return change;
  }

  /** The operator's "evaluate now": a full evaluation of one active dynamic segment, audited with its counts. */
  async evaluateNow(actor: AuditActor, segmentKey: string): Promise<SegmentEvaluationDto> {
    const segment = await this.lifecycle.show(this.definitions, segmentKey);
    if (!segment.conditions || segment.state !== 1) {
      throw CommonException.invalid(
        'segment_key',
        InvalidReason.NotAllowedValue,
        'Only an active dynamic segment is evaluated',
        segmentKey,
      );
    }
    const tree = segment.conditions;
    return this.audit.audited(actor, async (manager) => {
      const change = (await this.evaluateFull(segment.segment_id, tree, true, manager))!;
      const value: SegmentEvaluationDto = { segment_id: segment.segment_id, joined: change.joined, left: change.left };
      return { value, targetType: 'segment', targetId: segment.segment_id, after: value };
    });
  }

  /** What the tree would hold now, writing nothing. */
  async preview(conditions: unknown): Promise<SegmentPreviewDto> {
    const tree = checkSegmentConditions(conditions);
    return this.evaluations.preview(tree, this.clock(), SAMPLE_SIZE, this.dataSource.manager);
  }
}
