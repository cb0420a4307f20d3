import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { fetchPage } from '@tessera/core';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { StatusQualificationTurnoverEntity } from './entities/status-qualification-turnover.entity';
import { StatusEntity } from './entities/status.entity';

export const STATUS_SORT_FIELDS = ['status_id', 'name', 'text_id', 'last_change'] as const;
export type StatusSortField = (typeof STATUS_SORT_FIELDS)[number];

export interface StatusFilter {
  text_id?: string;
}

/** How a status is achieved (`qualification_type`). */
export enum StatusQualification {
  OnAccountCreation = 0,
  Manual = 1,
  Conditions = 2,
}

@Injectable()
export class StatusService {
  /** Every status with its thresholds, lowest tier first: closures read them on every purchase. */
  private readonly ladder: MemorySnapshot<StatusEntity[]>;

  constructor(
    @InjectRepository(StatusEntity) private readonly statuses: Repository<StatusEntity>,
    changes: ChangeFeed,
  ) {
    this.ladder = new MemorySnapshot(changes, ['statuses', 'status_qualification_turnovers'], (manager) =>
      manager.find(StatusEntity, { relations: { turnovers: true }, order: { tier: 'ASC', id: 'ASC' } }),
    );
  }

  async list(filter: StatusFilter, page: PageRequest<StatusSortField>): Promise<Page<StatusEntity>> {
    // A deactivated status is read by id (customers' records point at it) but no longer listed as a tier.
    const query = this.statuses.createQueryBuilder('s').leftJoinAndSelect('s.turnovers', 't').where('s.state <> 0');
    if (filter.text_id) query.andWhere('s.text_id = :textId', { textId: filter.text_id });
    // Unsorted lists follow the tier chain, lowest first.
    return fetchPage(query, page, { status_id: 's.id', name: 's.name', text_id: 's.textId', last_change: 's.lastChange' }, 's.id', {
      defaultOrder: 's.tier',
    });
  }

  async get(statusId: string): Promise<StatusEntity> {
    const status = (await this.ladder.get()).find((candidate) => candidate.id === statusId);
    if (!status) throw CommonException.recordNotFound('statuses', statusId);
    return status;
  }

  /** Every status with its turnover thresholds, lowest tier first (the admin CLI's list). */
  async all(): Promise<StatusEntity[]> {
    return [...(await this.ladder.get())];
  }

  /** A status named by its id or its text id, as an operator types it. */
  async find(reference: string): Promise<StatusEntity> {
    const status = await this.statuses.findOne({ where: [{ id: reference }, { textId: reference }], relations: { turnovers: true } });
    if (!status) throw CommonException.recordNotFound('statuses', reference);
    return status;
  }

  /** Fails with a 400 `not_found` naming `field` at the first text id that names no status. */
  async requireTextIds(textIds: string[], field: string): Promise<void> {
    if (textIds.length === 0) return;
    const known = new Set(
      (await this.statuses.find({ select: { textId: true }, where: { textId: In(textIds) } })).map((status) => status.textId),
    );
    const missing = textIds.find((textId) => !known.has(textId));
    if (missing !== undefined) throw CommonException.invalid(field, InvalidReason.NotFound, 'No status has this text id', missing);
  }

  /**
   * Makes a status reached by turnover (`qualification_type` 2): `turnover` in that currency within
   * `periodMonths` (unchanged when absent). A turnover of 0 removes the currency's threshold; a status
   * left without any turnover, points or purchases threshold becomes manual, since conditions that are always
   * met would hand it to everyone.
   */
  async qualifyByTurnover(statusId: string, currencyId: string, turnover: number, periodMonths?: number): Promise<void> {
    await this.statuses.manager.transaction(async (manager) => {
      const statuses = manager.getRepository(StatusEntity);
      const turnovers = manager.getRepository(StatusQualificationTurnoverEntity);
      const status = await statuses.findOne({ where: { id: statusId }, lock: { mode: 'pessimistic_write' } });
      if (!status) throw CommonException.recordNotFound('statuses', statusId);
      if (turnover > 0) await turnovers.upsert({ statusId, currencyId, value: turnover.toFixed(2) }, ['statusId', 'currencyId']);
      else await turnovers.delete({ statusId, currencyId });
      const conditions =
        (await turnovers.count({ where: { statusId } })) > 0 ||
        status.qualificationPoints !== null ||
        status.qualificationPurchases !== null;
      const qualificationType = conditions ? StatusQualification.Conditions : StatusQualification.Manual;
      await statuses.update(statusId, {
        qualificationType,
        qualificationPeriod: periodMonths ?? status.qualificationPeriod,
        lastChange: new Date(),
      });
    });
  }

  /** Switches collecting points and paying with points on or off for customers with the status. */
  async setPointRights(statusId: string, rights: { collectionPoints?: boolean; paymentPoints?: boolean }): Promise<void> {
    const result = await this.statuses.update(statusId, { ...rights, lastChange: new Date() });
    if (!result.affected) throw CommonException.recordNotFound('statuses', statusId);
  }
}
