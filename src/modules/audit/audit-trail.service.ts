import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { Page, PageRequest } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { AuditActor } from './audit-actor';
import { AuditEventEntity } from './entities/audit-event.entity';

/** What a write changed, as the audit trail keeps it. */
export interface AuditedChange<T> {
  /** What the write returns to its caller. */
  value: T;
  targetType: string;
  targetId: string | null;
  /** The target as it was and as it is now; null where it did not exist. Never personal data of customers. */
  before?: object;
  after?: object;
  reason?: string | null;
}

export interface AuditFilter {
  targetType?: string;
  targetId?: string;
  userId?: string;
  from?: Date;
  to?: Date;
}

/**
 * The audit trail: every write through the operator API, the console or the CLI is recorded in the
 * transaction that makes it, so a write that commits is always audited and a failed one never is.
 */
@Injectable()
export class AuditTrail {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(AuditEventEntity) private readonly events: Repository<AuditEventEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Reads outside a write. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** Runs `work` in a new transaction and records what it says it changed in the same one. */
  async audited<T>(actor: AuditActor, work: (manager: EntityManager) => Promise<AuditedChange<T>>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const change = await work(manager);
      await manager.insert(AuditEventEntity, {
        channel: actor.channel,
        userId: actor.userId,
        actor: actor.name,
        operation: actor.operation,
        targetType: change.targetType,
        targetId: change.targetId,
        reason: change.reason ?? null,
        before: change.before ?? null,
        after: change.after ?? null,
      });
      return change.value;
    });
  }

  /**
   * Blanks the reasons operators typed on rows about an erased customer, in the erasure's transaction;
   * the database lets this one change through and no other.
   */
  async eraseReasonsAbout(customerId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT set_config('tessera.audit_erased_customer', $1, true)`, [customerId]);
    await manager.query(
      `UPDATE audit_events SET reason = '[erased]' WHERE target_type = 'customer' AND target_id = $1 AND reason IS NOT NULL`,
      [customerId],
    );
  }

  async list(filter: AuditFilter, page: PageRequest): Promise<Page<AuditEventEntity>> {
    const query = this.events.createQueryBuilder('e');
    if (filter.targetType !== undefined) query.andWhere('e.target_type = :targetType', { targetType: filter.targetType });
    if (filter.targetId !== undefined) query.andWhere('e.target_id = :targetId', { targetId: filter.targetId });
    if (filter.userId !== undefined) query.andWhere('e.user_id = :userId', { userId: filter.userId });
    if (filter.from !== undefined) query.andWhere('e.occurred_at >= :from', { from: filter.from });
    if (filter.to !== undefined) query.andWhere('e.occurred_at < :to', { to: filter.to });
    const [items, total] = await query
      .orderBy('e.occurred_at', 'DESC')
      .addOrderBy('e.audit_event_id', 'DESC')
      .skip(page.offset)
      .take(page.limit)
      .getManyAndCount();
    return { items, total };
  }

  /** One row of the trail; undefined when `id` names none (ids are the row's sequence number). */
  async find(id: string): Promise<AuditEventEntity | undefined> {
    if (!/^[1-9]\d{0,18}$/.test(id)) return undefined;
    return (await this.events.findOneBy({ id })) ?? undefined;
  }

  /**
   * Removes rows older than the retention setting; the database's own guard lets this transaction
   * remove those rows and no others. Returns how many went; none when retention is off (0).
   */
  async purgeExpired(): Promise<number> {
    const seconds = this.config.auditRetentionSeconds;
    if (seconds <= 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('tessera.audit_purge_seconds', $1, true)`, [String(seconds)]);
      const [, removed] = await manager.query<[unknown[], number]>(
        `DELETE FROM audit_events WHERE occurred_at < now() - make_interval(secs => $1)`,
        [seconds],
      );
      return removed;
    });
  }
}
