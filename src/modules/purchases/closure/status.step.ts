import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CustomerStatusService, StatusChangeReason } from '../../customers';
import { PointGainHooks } from '../../loyalty';
import { StatusEntity } from '../../reference-data';
import { fromCents } from '../rules/cart-evaluation';
import { Evaluation, qualifiedStatus } from '../rules/status-qualification';
import { CustomerFacts, CustomerFactsRepository, QualifyingStatus } from './customer-facts.repository';

const EARNED = 2;

/**
 * The customer's status after a closure or a points gain, from the turnover and number of purchases not
 * cancelled and the points collected within each earned status's period: moved up at once, never down
 * (the period-end run does that); moved only when it changes.
 */
@Injectable()
export class StatusStep implements OnModuleInit {
  constructor(
    private readonly customerStatuses: CustomerStatusService,
    private readonly facts: CustomerFactsRepository,
    private readonly pointGains: PointGainHooks,
  ) {}

  /** Points given outside a purchase (by the API, a transfer, a synchronisation) can earn a status too. */
  onModuleInit(): void {
    this.pointGains.onGain((customerId, manager) => this.recalculate(customerId, manager, 'points'));
  }

  /** The earned statuses whose turnover (and points, where they count) a checkout reads, with their periods. */
  async earnedStatuses(): Promise<QualifyingStatus[]> {
    return (await this.customerStatuses.statusLadder())
      .filter((status) => status.qualificationType === EARNED)
      .map((status) => ({ id: status.id, months: status.qualificationPeriod, byPoints: status.qualificationPoints !== null }));
  }

  /**
   * Moves the customer up to the status its turnover, purchases and points qualify for, from `facts` read
   * with the statuses of `earnedStatuses`; `pendingPoints` (hundredths) are the points being earned alongside.
   */
  async apply(customerId: string, facts: CustomerFacts, manager: EntityManager, pendingPoints = 0): Promise<void> {
    await this.settle(customerId, facts, fromCents(pendingPoints), manager, 'activity', 'purchase');
  }

  /** After a cancellation or a points gain: reads the customer's status, turnover and points as they are now, in one statement. */
  async recalculate(customerId: string, manager: EntityManager, reason: StatusChangeReason): Promise<void> {
    const statuses = await this.earnedStatuses();
    if (statuses.length === 0) return;
    await this.settle(customerId, await this.readFacts(customerId, statuses, manager), 0, manager, 'activity', reason);
  }

  /**
   * At the end of the customer's status record (and its grace): moves them to what their figures reach
   * now, lower, the same (a fresh record), higher, the entry status or none. The caller holds the
   * customer's status lock and has checked the record is still the one ending.
   */
  async renewAtPeriodEnd(customerId: string, endingStatusId: string, manager: EntityManager): Promise<void> {
    const facts = await this.readFacts(customerId, await this.earnedStatuses(), manager);
    await this.settle(customerId, { ...facts, statusId: endingStatusId }, 0, manager, 'period_end', 'period_end');
  }

  private readFacts(customerId: string, statuses: QualifyingStatus[], manager: EntityManager): Promise<CustomerFacts> {
    return this.facts.read({ customerId, pointTypeId: null, credits: null, billId: null, statuses, pendingBill: null }, manager);
  }

  private async settle(
    customerId: string,
    facts: CustomerFacts,
    pendingPoints: number,
    manager: EntityManager,
    evaluation: Evaluation,
    reason: StatusChangeReason,
  ): Promise<void> {
    const ladder = await this.customerStatuses.statusLadder();
    if (evaluation === 'activity' && !ladder.some((status) => status.qualificationType === EARNED)) return;
    const turnovers = new Map(facts.turnovers.map((turnover) => [`${turnover.statusId}:${turnover.currencyId}`, turnover.total]));
    const purchases = new Map<string, number>();
    for (const turnover of facts.turnovers) purchases.set(turnover.statusId, (purchases.get(turnover.statusId) ?? 0) + turnover.purchases);
    const points = new Map(facts.collectedPoints.map((collected) => [collected.statusId, collected.total]));
    const ladderView = ladder.map((status) => ({
      ...status,
      turnovers: status.turnovers.map((t) => ({ currencyId: t.currencyId, value: Number(t.value) })),
      points: status.qualificationPoints === null ? null : Number(status.qualificationPoints),
      purchases: status.qualificationPurchases,
    }));
    const currentView = facts.statusId === null ? null : (ladderView.find((status) => status.id === facts.statusId) ?? null);
    const target = qualifiedStatus(
      ladderView,
      currentView,
      {
        turnoverOf: (status, currencyId) => turnovers.get(`${status.id}:${currencyId}`) ?? 0,
        pointsOf: (status) => (points.get(status.id) ?? 0) + pendingPoints,
        purchasesOf: (status) => purchases.get(status.id) ?? 0,
      },
      evaluation,
    );
    const move = { from: facts.statusId, reason };
    if (evaluation === 'period_end') {
      await this.customerStatuses.endPeriod(customerId, target === null ? null : this.entity(ladder, target.id), move, manager);
    } else if (target && target.id !== facts.statusId) {
      await this.customerStatuses.moveTo(customerId, this.entity(ladder, target.id), move, manager);
    }
  }

  private entity(ladder: StatusEntity[], id: string): StatusEntity {
    return ladder.find((status) => status.id === id) as StatusEntity;
  }
}
