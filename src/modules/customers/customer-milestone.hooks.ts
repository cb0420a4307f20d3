import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/**
 * What happened to a customer that a programme may reward: an account was made, a referral related
 * two customers (each side hears it), or an agreement was given.
 */
export type CustomerMilestone =
  | { kind: 'registration'; customerId: string }
  | { kind: 'referral'; customerId: string; referrerId: string; referredId: string }
  | { kind: 'consent_given'; customerId: string; agreementId: string };

/** Runs inside the transaction of the write that reached the milestone, so what it writes commits or rolls back with it. */
export type CustomerMilestoneListener = (milestone: CustomerMilestone, manager: EntityManager) => Promise<void>;

/**
 * Who reacts to a customer's milestones. Loyalty's earning rules register here: customers cannot call
 * them without depending on loyalty, which depends on customers.
 */
@Injectable()
export class CustomerMilestoneHooks {
  private readonly listeners: CustomerMilestoneListener[] = [];

  onMilestone(listener: CustomerMilestoneListener): void {
    this.listeners.push(listener);
  }

  async reached(milestone: CustomerMilestone, manager: EntityManager): Promise<void> {
    for (const listener of this.listeners) await listener(milestone, manager);
  }
}
