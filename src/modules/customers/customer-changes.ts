import { DataSource, EntityManager } from 'typeorm';
import { OutboxEvent, writeOutboxEvent } from '../../platform/outbox';

/** The customer's records beside their own data, whose changes are `customer_updated` events too. */
export type CustomerRecordType = 'address' | 'interest_record' | 'partner_record' | 'property_record' | 'relation' | 'source_record';

/**
 * Which record of the customer's changed and how; `set` replaces the records of a kind at once (the
 * partner list, a property batch) and names none.
 */
export interface CustomerRecordChange {
  record_type: CustomerRecordType;
  record_id: string | null;
  change: 'added' | 'replaced' | 'deleted' | 'set';
}

/** A customer's data or one of their records changed. */
export const customerUpdated = (customerId: string, change?: CustomerRecordChange): OutboxEvent => ({
  type: 'customer_updated',
  customerId,
  externalId: customerId,
  data: { customer_id: customerId, ...change },
});

/** Runs `write` and records its `customer_updated` in one transaction: no change without its event. */
export function writeWithCustomerUpdated<T>(
  dataSource: DataSource,
  customerId: string,
  change: CustomerRecordChange,
  write: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return dataSource.transaction(async (manager) => {
    const result = await write(manager);
    await writeOutboxEvent(manager, customerUpdated(customerId, change));
    return result;
  });
}
