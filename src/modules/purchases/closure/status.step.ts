import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CustomerStatusService } from '../../customers';
import { PointGainHooks } from '../../loyalty';
import { StatusEntity } from '../../reference-data';
import { fromCents } from '../rules/cart-evaluation';
import { qualifiedStatus } from '../rules/status-qualification';
import { CustomerFacts, CustomerFactsRepository, QualifyingStatus } from './customer-facts.repository';

const EARNED = 2;

/**
 * The customer's status after a closure or a points gain, from the turnover of purchases not cancelled
 * and the points collected within each earned status's period; moved only when it changes.
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
    this.pointGains.onGain((customerId, manager) => this.recalculate(customerId, manager));
  }

  /** The earned statuses whose turnover (and points, where they count) a checkout reads, with their periods. */
  async earnedStatuses(): Promise<QualifyingStatus[]> {
    return (await this.customerStatuses.statusLadder())
      .filter((status) => status.qualificationType === EARNED)
      .map((status) => ({ id: status.id, months: status.qualificationPeriod, byPoints: status.qualificationPoints !== null }));
  }

  /**
   * Moves the customer to the status its turnover and points qualify for, from `facts` read with the
   * statuses of `earnedStatuses`; `pendingPoints` (hundredths) are the points being earned alongside.
   */
  async apply(customerId: string, facts: CustomerFacts, manager: EntityManager, pendingPoints = 0): Promise<void> {
    const turnovers = new Map(facts.turnovers.map((turnover) => [`${turnover.statusId}:${turnover.currencyId}`, turnover.total]));
    const points = new Map(facts.collectedPoints.map((collected) => [collected.statusId, collected.total]));
    await this.settle(
      customerId,
      facts.statusId,
      {
        turnoverOf: (status, currencyId) => turnovers.get(`${status.id}:${currencyId}`) ?? 0,
        pointsOf: (status) => (points.get(status.id) ?? 0) + fromCents(pendingPoints),
      },
      manager,
    );
  }

  /** After a cancellation or a points gain: reads the customer's status, turnover and points as they are now, in one statement. */
  async recalculate(customerId: string, manager: EntityManager): Promise<void> {
    const statuses = await this.earnedStatuses();
    if (statuses.length === 0) return;
    const facts = await this.facts.read(
      { customerId, pointTypeId: null, credits: null, billId: null, statuses, pendingBill: null },
      manager,
    );
    await this.apply(customerId, facts, manager);
  }

  private async settle(
    customerId: string,
    currentId: string | null,
    achieved: { turnoverOf: (status: { id: string }, currencyId: string) => number; pointsOf: (status: { id: string }) => number },
    manager: EntityManager,
  ): Promise<void> {
    const ladder = await this.customerStatuses.statusLadder();
    if (!ladder.some((status) => status.qualificationType === EARNED)) return;
    const ladderView = ladder.map((status) => ({
      ...status,
      turnovers: status.turnovers.map((t) => ({ currencyId: t.currencyId, value: Number(t.value) })),
      points: status.qualificationPoints === null ? null : Number(status.qualificationPoints),
    }));
    const currentView = currentId === null ? null : (ladderView.find((status) => status.id === currentId) ?? null);
    const target = qualifiedStatus(ladderView, currentView, achieved);
    if (target && target.id !== currentId) {
      await this.customerStatuses.moveTo(customerId, ladder.find((status) => status.id === target.id) as StatusEntity, manager);
    }
  }
}
