import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@tessera/core';
import { EntityManager } from 'typeorm';
import { Actor, CommonException, customerFilterInScope, InvalidReason } from '@tessera/http';
import { CustomerState } from '../../customers';
import { CardLookupService, CreditTypeService, LoyaltyRuleService, PointTypeService } from '../../loyalty';
import { StatusService, StoreService } from '../../reference-data';
import { CheckoutDto } from '../dto/purchase-closure.dto';
import { PurchaseReason, PurchasesException } from '../purchases.exceptions';
import { Checkout } from './closure.model';
import { CustomerFacts, CustomerFactsQuery, CustomerFactsRepository, QualifyingStatus } from './customer-facts.repository';

/** What else a checkout reads with the customer's facts. */
export interface CheckoutNeeds {
  /** Serialise with the customer's other closures: booking and cancelling do. */
  lock: boolean;
  /** A bill_id whose existence to check. */
  billId?: string;
  /** The bill's currency, when its payment type pays by credits. */
  creditCurrencyId?: string;
  /** Earned statuses whose turnover to read with the bill counted in: for the status after booking. */
  statuses?: QualifyingStatus[];
  pendingBill?: { currencyId: string; totalPrice: number; paymentTime: Date } | null;
}

const NO_FACTS: CustomerFacts = {
  state: null,
  statusId: null,
  points: 0,
  creditCents: null,
  billExists: false,
  turnovers: [],
  collectedPoints: [],
  birthdate: null,
  consentIds: [],
  hasPurchases: false,
  segmentIds: [],
  storeGroupIds: [],
};

/**
 * The checkout of a closure: the store and the caller's system, the customer by id or card, and the
 * customer's facts (state, status, balances) in one statement, after the customer's lock when booking.
 */
@Injectable()
export class CheckoutStep {
  constructor(
    private readonly stores: StoreService,
    private readonly cards: CardLookupService,
    private readonly facts: CustomerFactsRepository,
    private readonly statuses: StatusService,
    private readonly loyaltyRules: LoyaltyRuleService,
    private readonly pointTypes: PointTypeService,
    private readonly creditTypes: CreditTypeService,
  ) {}

  async run(actor: Actor, input: CheckoutDto, needs: CheckoutNeeds, m: EntityManager): Promise<Checkout> {
    const store = await this.stores.findRef(input.store_id);
    if (!store) throw CommonException.invalid('store_id', InvalidReason.NotFound, 'No store has this id', input.store_id);
    const callerStoreId = actor.kind === 'api_user' ? actor.storeId : null;
    if (callerStoreId !== null) {
      const own = await this.stores.findRef(callerStoreId);
      // A POS bound to a store may close bills only for the stores of its own system.
      if (own && own.systemId !== store.systemId) {
        throw PurchasesException.refused(
          'system_id',
          PurchaseReason.DifferentSystemId,
          "The store belongs to another system than the caller's store",
          store.systemId,
        );
      }
    }
    const { customerId, cardNumber } = await this.customerOf(actor, input, m);
    // Its own statement: in READ COMMITTED a statement reads a snapshot taken at its start, so facts read
    // together with the lock could predate the closure that held it.
    if (needs.lock && customerId !== null) await lockCustomer(customerId, m);
    // A missing default point or credit type reads nothing here; the settlement reports it where it did.
    const pointTypeId = customerId === null ? null : await this.pointTypes.resolve(undefined, 'point_type_id').catch(() => null);
    const creditType =
      customerId === null || needs.creditCurrencyId === undefined
        ? null
        : await this.creditTypes.resolve(undefined, 'payment_type').catch(() => null);
    const facts = await this.factsOf(
      {
        customerId,
        pointTypeId,
        credits: creditType && needs.creditCurrencyId ? { creditTypeId: creditType.id, currencyId: needs.creditCurrencyId } : null,
        billId: needs.billId ?? null,
        statuses: customerId === null ? [] : (needs.statuses ?? []),
        pendingBill: needs.pendingBill ?? null,
        storeId: store.id,
      },
      m,
    );
    if (customerId !== null) {
      if (facts.state === null) throw CommonException.invalid('customer_id', InvalidReason.NotFound, 'No such customer', customerId);
      if (facts.state === CustomerState.Deleted)
        throw PurchasesException.refused('customer_id', PurchaseReason.CustomerWasDeleted, 'The customer was deleted', customerId);
    }
    const status = facts.statusId === null ? null : await this.statuses.get(facts.statusId);
    const rules = await this.loyaltyRules.rulesFor(store.id, store.partnerId);
    return { store, customerId, cardNumber, status, rules, facts };
  }

  /** An anonymous calculation needs no facts, so it reads none. */
  private factsOf(query: CustomerFactsQuery, m: EntityManager): Promise<CustomerFacts> {
    if (query.customerId === null && query.billId === null) return Promise.resolve(NO_FACTS);
    return this.facts.read(query, m);
  }

  /** The customer named by id or card (they must agree), and the card number a purchase keeps. */
  private async customerOf(
    actor: Actor,
    input: CheckoutDto,
    m: EntityManager,
  ): Promise<{ customerId: string | null; cardNumber: string | null }> {
    const customerId = customerFilterInScope(actor, input.customer_id) ?? null;
    if (input.card_number === undefined) return { customerId, cardNumber: null };
    const card = await this.cards.findByNumber(input.card_number, m);
    if (!card) throw CommonException.invalid('card_number', InvalidReason.NotFound, 'No card has this number', input.card_number);
    if (card.blocked)
      throw PurchasesException.refused('card_number', PurchaseReason.CardIsBlocked, 'The card is blocked', input.card_number);
    if (card.customerId === null)
      throw CommonException.invalid(
        'card_number',
        InvalidReason.NotAllowedValue,
        'The card is not assigned to a customer',
        input.card_number,
      );
    if (customerId !== null && customerId !== card.customerId) {
      throw CommonException.invalid(
        'card_number',
        InvalidReason.NotAllowedValue,
        'The card belongs to another customer',
        input.card_number,
      );
    }
    return { customerId: card.customerId, cardNumber: input.card_number };
  }
}

/** One closure per customer at a time: balances, vouchers and status are read and written without interleaving. */
export async function lockCustomer(customerId: string, m: EntityManager): Promise<void> {
  await preparedQuery(m, 'closure-customer-lock', 'SELECT pg_advisory_xact_lock(hashtext($1))', [`purchase-customer:${customerId}`]);
}
