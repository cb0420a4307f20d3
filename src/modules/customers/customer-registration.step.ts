import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import { writeOutboxEvent } from '../../platform/outbox';
import { StatusService } from '../reference-data';
import { validityEnd } from './customer-dates';
import { CustomerMilestoneHooks } from './customer-milestone.hooks';
import { CustomerStatusRecordEntity } from './entities/customer-records.entity';

const ACTIVE = 1;
/** Statuses with this qualification type are held from account creation. */
const QUALIFIES_ON_CREATION = 0;

/** Where a new account came from, as its `customer_registered` event tells subscribers. */
export interface RegistrationOrigin {
  origin: string;
  customerSourceId?: string;
}

/**
 * What every new account gets, however it was made (API, newsletter subscription, admin CLI): the
 * entry status, the `customer_registered` event and what the registration rules grant. One step, so no way of creating a customer can
 * leave it without them.
 */
@Injectable()
export class CustomerRegistrationStep {
  constructor(
    private readonly statuses: StatusService,
    private readonly milestones: CustomerMilestoneHooks,
  ) {}

  /** Runs in the transaction that inserted the customer row. */
  async registered(customerId: string, from: RegistrationOrigin, manager: EntityManager): Promise<void> {
    await this.assignEntryStatus(customerId, manager);
    await writeOutboxEvent(manager, {
      type: 'customer_registered',
      customerId,
      externalId: customerId,
      data: {
        customer_id: customerId,
        ...(from.customerSourceId === undefined ? {} : { customer_source_id: from.customerSourceId }),
        origin: from.origin,
      },
    });
    await this.milestones.reached({ kind: 'registration', customerId }, manager);
  }

  /** The lowest active tier that qualifies on account creation, if the project has one. */
  private async assignEntryStatus(customerId: string, manager: EntityManager): Promise<void> {
    const entry = (await this.statuses.all())
      .filter((status) => status.state === ACTIVE && status.qualificationType === QUALIFIES_ON_CREATION)
      .sort((a, b) => a.tier - b.tier)[0];
    if (!entry) return;
    const validFrom = new Date();
    await manager.insert(CustomerStatusRecordEntity, {
      id: newId(),
      customerId,
      statusId: entry.id,
      validFrom,
      validTo: validityEnd(validFrom, entry.validityPeriod),
      state: ACTIVE,
    });
  }
}
