import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Not, Repository } from 'typeorm';
import { hashPassword, inTransaction, newId, within } from '@tessera/core';
import { CommonException, InvalidReason } from '@tessera/http';
import { OUTBOX_INSERT_ROWS_SQL } from '../../platform/outbox';
import { CustomerRegistrationStep } from './customer-registration.step';
import { CustomerEntity, CustomerState } from './entities/customer.entity';
import { checkPasswordStrength } from './password-policy';

export interface CustomerLoginRecord {
  customerId: string;
  passwordHash: string | null;
  active: boolean;
}

/** Where a customer can be reached. */
export interface CustomerContact {
  email: string | null;
  phone: string | null;
}

export interface NewCustomerAccount {
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
}

/**
 * SQL that is true when the customer whose id is `customerIdParam` exists and is not deleted, for reads
 * of a customer's records that answer in the same statement whether the customer is there.
 */
export function liveCustomerSql(customerIdParam: string): string {
  return `EXISTS (SELECT 1 FROM customers live WHERE live.customer_id = ${customerIdParam} AND live.state <> ${CustomerState.Deleted})`;
}

/**
 * SQL that is true when the customer `customerIdSql` has agreed (consent value 1) to messages on the
 * channel `channelIdParam`: to an active agreement tied to the channel, or, when no active agreement is
 * tied to it, to the marketing communication agreement.
 */
export function channelConsentSql(customerIdSql: string, channelIdParam: string): string {
  return `EXISTS (
    SELECT 1 FROM customer_consents cc JOIN agreements a ON a.agreement_id = cc.agreement_id
     WHERE cc.customer_id = ${customerIdSql} AND cc.consent_value = 1 AND a.state = 1
       AND (a.communication_channel_id = ${channelIdParam}
            OR (a.text_id = 'marketing_communication'
                AND NOT EXISTS (SELECT 1 FROM agreements t WHERE t.communication_channel_id = ${channelIdParam} AND t.state = 1))))`;
}

/**
 * SQL selecting the live (not deleted) customers among `customerIdsSql` (a query of customer ids) with
 * their e-mail address and phone number and whether they consented to the channel `channelIdParam`,
 * for statements that address many customers at once.
 */
export function channelRecipientsSql(customerIdsSql: string, channelIdParam: string): string {
  return `SELECT c.customer_id, c.email, c.phone, ${channelConsentSql('c.customer_id', channelIdParam)} AS consented
    FROM customers c WHERE c.customer_id IN (${customerIdsSql}) AND c.state <> ${CustomerState.Deleted}`;
}

/** Where a request named a customer: in its path, or in a body or query field. */
export type CustomerSource = { inPath: true } | { field: string };

/** The answer to a customer that does not exist: a 404 when named in the path, else a 400 `not_found` on its field. */
export function customerNotFound(customerId: string, source: CustomerSource): CommonException {
  if ('inPath' in source) return CommonException.recordNotFound('customers', customerId);
  return CommonException.invalid(source.field, InvalidReason.NotFound, 'No such customer', customerId);
}

/** The parts of a customer account that authentication needs. */
@Injectable()
export class CustomerAccountService {
  constructor(
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    private readonly registration: CustomerRegistrationStep,
  ) {}

  async findForLogin(by: 'email' | 'phone' | 'id', value: string): Promise<CustomerLoginRecord | null> {
    const query = this.customers.createQueryBuilder('c').where('c.state <> :deleted', { deleted: CustomerState.Deleted });
    if (by === 'email') query.andWhere('lower(c.email) = lower(:value)', { value });
    else if (by === 'phone') query.andWhere('c.phone = :value', { value });
    else query.andWhere('c.customer_id = :value', { value });
    const customer = await query.orderBy('c.created_at', 'ASC').getOne();
    if (!customer) return null;
    return { customerId: customer.id, passwordHash: customer.passwordHash, active: customer.state === CustomerState.Active };
  }

  /**
   * Fails unless the customer exists and is not deleted: a 404 when the id names the URL's record, otherwise a
   * 400 `not_found` naming the field that carried it. Other contexts call this before touching a customer.
   */
  async requireCustomer(customerId: string, source: CustomerSource, manager?: EntityManager): Promise<void> {
    const exists = await within(this.customers, manager)
      .createQueryBuilder('c')
      .where('c.customer_id = :customerId AND c.state <> :deleted', { customerId, deleted: CustomerState.Deleted })
      .getExists();
    if (!exists) throw customerNotFound(customerId, source);
  }

  /**
   * `requireCustomer` for many customers (a record's lines, each naming its own) in one query: the
   * first one in the given order that does not exist is the one reported.
   */
  async requireCustomers(checks: readonly { customerId: string; source: CustomerSource }[], manager?: EntityManager): Promise<void> {
    if (checks.length === 0) return;
    const ids = [...new Set(checks.map((check) => check.customerId))];
    const live = await within(this.customers, manager)
      .createQueryBuilder('c')
      .select('c.customer_id', 'customer_id')
      .where('c.customer_id = ANY(:ids) AND c.state <> :deleted', { ids, deleted: CustomerState.Deleted })
      .getRawMany<{ customer_id: string }>();
    const liveIds = new Set(live.map((row) => row.customer_id));
    const missing = checks.find((check) => !liveIds.has(check.customerId));
    if (missing) throw customerNotFound(missing.customerId, missing.source);
  }

  /** The e-mail address and phone number of a live customer, or null when there is no such customer. */
  async contactOf(customerId: string): Promise<CustomerContact | null> {
    const customer = await this.customers
      .createQueryBuilder('c')
      .select(['c.id', 'c.email', 'c.phone'])
      .where('c.customer_id = :customerId AND c.state <> :deleted', { customerId, deleted: CustomerState.Deleted })
      .getOne();
    return customer ? { email: customer.email, phone: customer.phone } : null;
  }

  /**
   * Whether the customer has agreed (consent value 1) to messages on a channel: to an active agreement
   * tied to the channel, or, when no active agreement is tied to it, to the marketing communication agreement.
   */
  async hasConsentedToChannel(customerId: string, channelId: string): Promise<boolean> {
    const [row]: { consented: boolean }[] = await this.customers.query(`SELECT ${channelConsentSql('$1', '$2')} AS consented`, [
      customerId,
      channelId,
    ]);
    return row.consented;
  }

  /** Sets a live customer's password, which must meet the password policy (a 400 naming `field` otherwise). */
  async setPassword(customerId: string, password: string, field: string, manager?: EntityManager): Promise<void> {
    const check = checkPasswordStrength(password);
    if (!check.ok) throw CommonException.invalid(field, InvalidReason.NotAllowedValue, check.message);
    const updated = await within(this.customers, manager).update(
      { id: customerId, state: Not(CustomerState.Deleted) },
      { passwordHash: await hashPassword(password), lastChange: new Date() },
    );
    if (!updated.affected) throw customerNotFound(customerId, { field: 'customer_id' });
  }

  /**
   * A customer account for the admin CLI, with its `customer_registered` event (origin `cli`) in the same
   * transaction: the caller's, when given one.
   */
  async create(input: NewCustomerAccount, manager?: EntityManager): Promise<string> {
    return inTransaction(this.customers.manager.connection, manager, async (m) => {
      const customers = m.getRepository(CustomerEntity);
      const emailTaken =
        input.email !== undefined &&
        (await customers
          .createQueryBuilder('c')
          .where('lower(c.email) = lower(:email) AND c.state <> :deleted', { email: input.email, deleted: CustomerState.Deleted })
          .getExists());
      if (emailTaken) {
        throw CommonException.invalid('email', InvalidReason.AlreadyExists, 'A customer with this email exists', input.email);
      }
      const customer = customers.create({
        id: newId(),
        email: input.email ?? null,
        phone: input.phone ?? null,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        passwordHash: input.password ? await hashPassword(input.password) : null,
        state: CustomerState.Active,
      });
      await customers.insert(customer);
      await this.registration.registered(customer.id, { origin: 'cli' }, m);
      return customer.id;
    });
  }

  /**
   * Deletes a live customer (state 0), which is how this API deletes or deactivates one: the customer is
   * no longer found and their logins end. The `customer_deleted` event rides in the same statement.
   * Fails when no live customer has this id.
   */
  async delete(customerId: string, manager?: EntityManager): Promise<void> {
    const deleted: { customer_id: string }[] = await within(this.customers, manager).query(
      `WITH deleted AS (
         UPDATE customers SET state = ${CustomerState.Deleted}, last_change = now()
          WHERE customer_id = $1 AND state <> ${CustomerState.Deleted} RETURNING customer_id),
       event AS (
         ${OUTBOX_INSERT_ROWS_SQL(
           `SELECT $2::varchar, 'customer_deleted', customer_id, customer_id, $3::text, jsonb_build_object('customer_id', customer_id)
              FROM deleted`,
         )})
       SELECT customer_id FROM deleted`,
      [customerId, newId(), newId()],
    );
    if (deleted.length === 0) throw customerNotFound(customerId, { field: 'customer_id' });
  }
}
