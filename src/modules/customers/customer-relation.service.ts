import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import { ApiInterface, CommonException, InvalidReason, Page } from '@tessera/http';
import { writeOutboxEvent } from '../../platform/outbox';
import { CustomerAccountService } from './customer-account.service';
import { CustomerRecordChange, customerUpdated } from './customer-changes';
import { CustomerDefinitionService } from './customer-definition.service';

export interface RelationFilter {
  related_customer_id?: string;
  customer_relation_type_id?: string;
  all_customer_relations?: boolean;
}

/** One relation as seen from one of its two customers. The names are null when the viewer may not see them. */
export interface RelationView {
  id: string;
  relatedCustomerId: string;
  relatedFirstName: string | null;
  relatedLastName: string | null;
  customerRelationTypeId: string;
  isLeading: boolean;
  validFrom: Date;
  validTo: Date | null;
  state: number;
  lastChange: Date;
}

const ACTIVE = 1;
const DELETED = 0;

/**
 * Both sides of every relation of `$1`: a relation is stored once, and the related customer sees
 * it with the leading role reversed, once it is confirmed (decision 33). Before that it is only the
 * claim of `customer_id`, on whose side alone it shows, on either interface.
 */
const BOTH_SIDES = `
  SELECT r.customer_relation_id AS id, r.related_customer_id AS other_id, r.is_leading AS leading,
         r.customer_relation_type_id, r.valid_from, r.valid_to, r.state, r.last_change, r.created_on_interface,
         r.confirmed_at IS NOT NULL AS confirmed
    FROM customer_relations r WHERE r.customer_id = $1
  UNION ALL
  SELECT r.customer_relation_id, r.customer_id, NOT r.is_leading,
         r.customer_relation_type_id, r.valid_from, r.valid_to, r.state, r.last_change, r.created_on_interface, true
    FROM customer_relations r WHERE r.related_customer_id = $1 AND r.confirmed_at IS NOT NULL`;

const VALID = `v.state = ${ACTIVE} AND v.valid_from <= now() AND (v.valid_to IS NULL OR v.valid_to > now())`;

interface RelationRow {
  id: string;
  other_id: string;
  leading: boolean;
  customer_relation_type_id: string;
  valid_from: Date;
  valid_to: Date | null;
  state: number;
  last_change: Date;
  created_on_interface: ApiInterface;
  confirmed: boolean;
  first_name: string | null;
  last_name: string | null;
}

/** A valid relation of the pair and type, stored either way round, confirmed or not. */
interface PairRelation {
  id: string;
  customer_id: string;
  is_leading: boolean;
  confirmed: boolean;
}

/**
 * Relations between customers (family, referral...). Anyone may relate a customer to any customer id,
 * so on the Customer interface the related customer's name is shown only for relations an operator
 * made on the Enterprise interface: naming an id must not reveal whose it is. And a customer writes
 * only their own data (decision 33): a relation made on the Customer interface is the maker's claim,
 * which reaches the related customer's side (list, events, webhooks) only when that customer makes
 * the same relation in return or an operator makes it on the Enterprise interface.
 */
@Injectable()
export class CustomerRelationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly definitions: CustomerDefinitionService,
    private readonly accounts: CustomerAccountService,
  ) {}

  /** Valid relations only, unless `all_customer_relations` asks for past ones too. */
  async list(customerId: string, filter: RelationFilter, viewer: ApiInterface): Promise<Page<RelationView>> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const params: unknown[] = [customerId];
    const conditions: string[] = [];
    if (!filter.all_customer_relations) conditions.push(VALID);
    if (filter.related_customer_id) conditions.push(`v.other_id = $${params.push(filter.related_customer_id)}`);
    if (filter.customer_relation_type_id)
      conditions.push(`v.customer_relation_type_id = $${params.push(filter.customer_relation_type_id)}`);
    const rows = await this.query(conditions, params);
    return { items: rows.map((row) => this.toView(row, viewer)), total: rows.length };
  }

  async get(customerId: string, relationId: string, viewer: ApiInterface): Promise<RelationView> {
    return this.toView(await this.requireRelation(customerId, relationId), viewer);
  }

  /**
   * `createdOn` is the interface of the request, which decides who later sees the related customer's
   * name and whether the relation is confirmed at once. Making a relation the other customer already
   * claimed (the related customer naming the claimant, or an operator) confirms that claim and
   * answers its id.
   */
  async add(
    customerId: string,
    input: { related_customer_id: string; customer_relation_type_id: string; is_leading: boolean },
    createdOn: ApiInterface,
  ): Promise<string> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    if (input.related_customer_id === customerId) {
      throw CommonException.invalid(
        'related_customer.related_customer_id',
        InvalidReason.NotAllowedValue,
        'A customer cannot be related to itself',
        input.related_customer_id,
      );
    }
    await this.accounts.requireCustomer(input.related_customer_id, { field: 'related_customer.related_customer_id' });
    if (!(await this.definitions.activeRelationTypeExists(input.customer_relation_type_id))) {
      throw CommonException.invalid(
        'related_customer.customer_relation_type_id',
        InvalidReason.NotFound,
        'No customer relation type has this id',
        input.customer_relation_type_id,
      );
    }
    const id = newId();
    return this.dataSource.transaction(async (manager) => {
      // Serialises relating the same pair, whichever side asks.
      const pair = [customerId, input.related_customer_id].sort().join(':');
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`customer-relation:${pair}`]);
      const [existing]: PairRelation[] = await manager.query(
        `SELECT v.customer_relation_id AS id, v.customer_id, v.is_leading, v.confirmed_at IS NOT NULL AS confirmed
           FROM customer_relations v
          WHERE ((v.customer_id = $1 AND v.related_customer_id = $2) OR (v.customer_id = $2 AND v.related_customer_id = $1))
            AND v.customer_relation_type_id = $3 AND ${VALID}`,
        [customerId, input.related_customer_id, input.customer_relation_type_id],
      );
      if (existing) {
        const ownClaim = createdOn === ApiInterface.Customer && existing.customer_id === customerId;
        if (existing.confirmed || ownClaim) {
          throw CommonException.invalid(
            'related_customer.related_customer_id',
            InvalidReason.RelationAlreadyExists,
            'The customers already have this relation',
            input.related_customer_id,
          );
        }
        return this.confirm(manager, existing, customerId, input.related_customer_id, input.is_leading);
      }
      const confirmed = createdOn === ApiInterface.Enterprise;
      await manager.query(
        `INSERT INTO customer_relations (customer_relation_id, customer_id, related_customer_id, customer_relation_type_id, is_leading, created_on_interface, confirmed_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() END)`,
        [id, customerId, input.related_customer_id, input.customer_relation_type_id, input.is_leading, createdOn, confirmed],
      );
      await this.recordChange(manager, confirmed ? [customerId, input.related_customer_id] : [customerId], {
        record_type: 'relation',
        record_id: id,
        change: 'added',
      });
      return id;
    });
  }

  /**
   * Makes a claim both customers' relation. The confirming side states the leading role from its own
   * side; stating the other role is not the relation that was claimed. Only the claim's related
   * customer gets the event: the claimant had theirs when claiming.
   */
  private async confirm(
    manager: EntityManager,
    claim: PairRelation,
    customerId: string,
    relatedCustomerId: string,
    isLeading: boolean,
  ): Promise<string> {
    const claimedByCustomer = claim.customer_id === customerId;
    const claimedLeading = claimedByCustomer ? claim.is_leading : !claim.is_leading;
    if (claimedLeading !== isLeading) {
      throw CommonException.invalid(
        'related_customer.is_leading',
        InvalidReason.NotAllowedValue,
        'The relation was claimed with the other leading role',
        isLeading,
      );
    }
    await manager.query(`UPDATE customer_relations SET confirmed_at = now() WHERE customer_relation_id = $1`, [claim.id]);
    await this.recordChange(manager, [claimedByCustomer ? relatedCustomerId : customerId], {
      record_type: 'relation',
      record_id: claim.id,
      change: 'added',
    });
    return claim.id;
  }

  /**
   * Ends the relation for both customers (an unconfirmed claim only for the claimant, the one side that
   * has it); it stays readable as a past relation.
   */
  async delete(customerId: string, relationId: string): Promise<void> {
    const relation = await this.requireRelation(customerId, relationId);
    if (relation.state === DELETED) throw CommonException.recordNotFound('related-customers', relationId);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE customer_relations SET state = $2, valid_to = LEAST(COALESCE(valid_to, now()), now()), last_change = now()
         WHERE customer_relation_id = $1`,
        [relationId, DELETED],
      );
      await this.recordChange(manager, relation.confirmed ? [customerId, relation.other_id] : [customerId], {
        record_type: 'relation',
        record_id: relationId,
        change: 'deleted',
      });
    });
  }

  /** A confirmed relation is both customers' record, a claim only its maker's: each owner has the change in their own stream. */
  private async recordChange(manager: EntityManager, customerIds: string[], change: CustomerRecordChange): Promise<void> {
    for (const customerId of customerIds) await writeOutboxEvent(manager, customerUpdated(customerId, change));
  }

  private async requireRelation(customerId: string, relationId: string): Promise<RelationRow> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const [row] = await this.query(['v.id = $2'], [customerId, relationId]);
    if (!row) throw CommonException.recordNotFound('related-customers', relationId);
    return row;
  }

  private async query(conditions: string[], params: unknown[]): Promise<RelationRow[]> {
    return this.dataSource.query(
      `SELECT v.id, v.other_id, v.leading, v.customer_relation_type_id, v.valid_from, v.valid_to, v.state, v.last_change,
              v.created_on_interface, v.confirmed, o.first_name, o.last_name
         FROM (${BOTH_SIDES}) v
         JOIN customers o ON o.customer_id = v.other_id
        ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY v.valid_from, v.id`,
      params,
    );
  }

  private toView(row: RelationRow, viewer: ApiInterface): RelationView {
    const named = viewer === ApiInterface.Enterprise || row.created_on_interface === ApiInterface.Enterprise;
    return {
      id: row.id,
      relatedCustomerId: row.other_id,
      relatedFirstName: named ? row.first_name : null,
      relatedLastName: named ? row.last_name : null,
      customerRelationTypeId: row.customer_relation_type_id,
      isLeading: row.leading,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      state: row.state,
      lastChange: row.last_change,
    };
  }
}
