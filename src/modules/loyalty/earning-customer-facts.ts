import { EntityManager } from 'typeorm';
import { CommonException, InvalidReason } from '@tessera/http';
import { statusInForceSql } from '../customers';
import { customerSegmentIdsSql } from '../segments';
import { ageOn, CustomerFacts } from './rules/earning-rules';

interface CustomerFactsRow {
  known: boolean;
  status_id: string | null;
  birthdate: string | null;
  consent_ids: string[];
  has_purchases: boolean;
  segment_ids: string[];
}

/**
 * What rules read of a customer outside a purchase closure (an event, a simulation), in one statement:
 * the status in force, the age on `date`, the agreements given, the segments and whether a purchase
 * came before. A customer id that names nobody is refused on `field`.
 */
export async function readEarningCustomerFacts(
  customerId: string,
  date: string,
  field: string,
  manager: EntityManager,
): Promise<CustomerFacts> {
  const [facts] = await manager.query<CustomerFactsRow[]>(
    `SELECT EXISTS (SELECT 1 FROM customers WHERE customer_id = $1) AS known,
            ${statusInForceSql('$1')} AS status_id,
            (SELECT birthdate::text FROM customers WHERE customer_id = $1) AS birthdate,
            ARRAY(SELECT agreement_id FROM customer_consents WHERE customer_id = $1 AND consent_value = 1) AS consent_ids,
            EXISTS (SELECT 1 FROM purchases WHERE customer_id = $1 AND NOT canceled) AS has_purchases,
            ARRAY(${customerSegmentIdsSql('$1')}) AS segment_ids`,
    [customerId],
  );
  if (!facts.known) throw CommonException.invalid(field, InvalidReason.NotFound, 'No customer has this id', customerId);
  return {
    statusId: facts.status_id,
    segmentIds: facts.segment_ids,
    age: ageOn(facts.birthdate, date),
    consentIds: facts.consent_ids,
    firstPurchase: !facts.has_purchases,
  };
}
