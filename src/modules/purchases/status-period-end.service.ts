import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CustomerStatusService, statusHeldUntilSql } from '../customers';
import { StatusStep } from './closure/status.step';

/** Identifies the period-end run's advisory lock among the application's others. */
const PERIOD_END_LOCK_KEY = 0x7465_7373_7370n;

/** Records moved per transaction: a long backlog (the first run after an upgrade) commits as it goes. */
const BATCH = 200;

export interface PeriodEndResult {
  /** False when another instance was running it: this run did nothing. */
  ran: boolean;
  /** Customers whose ended status record was re-evaluated. */
  reviewed: number;
}

interface EndedRecord {
  status_record_id: string;
  customer_id: string;
  status_id: string;
}

/**
 * Moves customers whose status record has ended, and the grace days of its status have passed, to the
 * status their figures reach now: lower, the same again on a fresh record, higher, the entry status or
 * none. One instance works at a time (an advisory lock; the others skip), and each record is checked
 * again under the customer's status lock, so a purchase that moved the customer meanwhile, or a second
 * run, leaves it alone: running it twice moves nobody twice.
 */
@Injectable()
export class StatusPeriodEndService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customerStatuses: CustomerStatusService,
    private readonly status: StatusStep,
  ) {}

  async run(): Promise<PeriodEndResult> {
    let reviewed = 0;
    for (;;) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const [lock]: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [
          PERIOD_END_LOCK_KEY.toString(),
        ]);
        if (!lock.locked) return null;
        const ended: EndedRecord[] = await manager.query(
          `SELECT r.status_record_id, r.customer_id, r.status_id FROM customer_status_records r
            WHERE r.state = 1 AND r.valid_to <= now() AND ${statusHeldUntilSql('r')} <= now()
            ORDER BY r.valid_to, r.status_record_id LIMIT $1`,
          [BATCH],
        );
        for (const record of ended) {
          await this.customerStatuses.lockCustomer(record.customer_id, manager);
          const [still]: unknown[] = await manager.query(
            `SELECT 1 FROM customer_status_records WHERE status_record_id = $1 AND state = 1`,
            [record.status_record_id],
          );
          if (still) await this.status.renewAtPeriodEnd(record.customer_id, record.status_id, manager);
        }
        return ended.length;
      });
      if (batch === null) return { ran: reviewed > 0, reviewed };
      reviewed += batch;
      if (batch < BATCH) return { ran: true, reviewed };
    }
  }
}
