import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CustomerStatusService } from '../../customers';
import { StatusEntity } from '../../reference-data';
import { qualifiedStatus } from '../rules/status-qualification';
import { CustomerFacts, CustomerFactsRepository } from './customer-facts.repository';

const EARNED = 2;

/**
 * The customer's status after a closure, from the turnover of purchases not cancelled within each earned
 * status's period; moved only when it changes.
 */
@Injectable()
export class StatusStep {
  constructor(
    private readonly customerStatuses: CustomerStatusService,
    private readonly facts: CustomerFactsRepository,
  ) {}

  /** The earned statuses whose turnover a checkout reads, with their periods. */
  async earnedStatuses(): Promise<{ id: string; months: number | null }[]> {
    return (await this.customerStatuses.statusLadder())
      .filter((status) => status.qualificationType === EARNED)
      .map((status) => ({ id: status.id, months: status.qualificationPeriod }));
  }

  /** Moves the customer to the status its turnover qualifies for, from `facts` read with the statuses of `earnedStatuses`. */
  async apply(customerId: string, facts: CustomerFacts, manager: EntityManager): Promise<void> {
    const turnovers = new Map(facts.turnovers.map((turnover) => [`${turnover.statusId}:${turnover.currencyId}`, turnover.total]));
    await this.settle(customerId, facts.statusId, (statusId, currencyId) => turnovers.get(`${statusId}:${currencyId}`) ?? 0, manager);
  }

  /** After a cancellation: reads the customer's status and turnover as they are now, in one statement. */
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
    turnoverOf: (statusId: string, currencyId: string) => number,
    manager: EntityManager,
  ): Promise<void> {
    const ladder = await this.customerStatuses.statusLadder();
    if (!ladder.some((status) => status.qualificationType === EARNED)) return;
    const ladderView = ladder.map((status) => ({
      ...status,
      turnovers: status.turnovers.map((t) => ({ currencyId: t.currencyId, value: Number(t.value) })),
    }));
    const currentView = currentId === null ? null : (ladderView.find((status) => status.id === currentId) ?? null);
    const target = qualifiedStatus(ladderView, currentView, (status, currencyId) => turnoverOf(status.id, currencyId));
    if (target && target.id !== currentId) {
      await this.customerStatuses.moveTo(customerId, ladder.find((status) => status.id === target.id) as StatusEntity, manager);
    }
  }
}
