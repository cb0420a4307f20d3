import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProgrammeFiguresRepository } from './programme-figures.repository';

/** Identifies the rollup's advisory lock among the application's others. */
const ROLLUP_LOCK_KEY = 0x7465_7373_6667n;

/**
 * Rows written this long before a mark are scanned again next run: a row whose time the application set
 * before its transaction began, or on a host whose clock runs a little behind, still gets counted.
 * Recomputing a day is idempotent, so scanning twice costs time, never a double count.
 */
const RESCAN_SECONDS = 60;

/** An open transaction holds the scan back at most this long (see `horizon`). */
const MAX_HOLD_SECONDS = 600;

export interface RollupResult {
  /** False when another instance was rolling up: this run did nothing. */
  ran: boolean;
  /** Days recomputed, per source. */
  days: Record<string, number>;
}

/**
 * Keeps the programme figures current: for each source, finds the days that rows written since its mark
 * count on, recomputes those days from the source and moves the mark, all in one transaction under an
 * advisory lock, so instances running it at once neither double count nor wait on each other.
 */
@Injectable()
export class FiguresRollupService {
  constructor(private readonly repository: ProgrammeFiguresRepository) {}

  run(): Promise<RollupResult> {
    return this.repository.transaction(async (manager) => {
      if (!(await this.repository.tryRollupLock(manager, ROLLUP_LOCK_KEY))) return { ran: false, days: {} };
      return this.rollUp(manager);
    });
  }

  /**
   * Forgets the rollups and recomputes them from every row, after waiting for a run under way. For rows
   * written with times before the marks (history imported in bulk), which a run never looks back to.
   * Dashboards read the old figures until it commits.
   */
  rebuild(): Promise<RollupResult> {
    return this.repository.transaction(async (manager) => {
      await this.repository.waitForRollupLock(manager, ROLLUP_LOCK_KEY);
      await this.repository.clear(manager);
      return this.rollUp(manager);
    });
  }

  private async rollUp(manager: EntityManager): Promise<RollupResult> {
    const horizon = await this.repository.horizon(manager, MAX_HOLD_SECONDS);
    const marks = await this.repository.marks(manager);
    const days: Record<string, number> = {};
    for (const source of this.repository.sources) {
      const mark = marks.get(source.name);
      const after = mark ? new Date(mark.getTime() - RESCAN_SECONDS * 1000) : null;
      const dirty = await this.repository.dirtyDays(manager, source, after, horizon);
      if (dirty.length > 0) await source.recompute(manager, dirty);
      days[source.name] = dirty.length;
      // A mark never moves back: the horizon may lie before it while an old transaction is open.
      if (!mark || horizon > mark) await this.repository.setMark(manager, source.name, horizon);
    }
    await this.repository.refreshSnapshots(manager);
    return { ran: true, days };
  }
}
