import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { inTransaction, isUniqueViolation, newId, within } from '@tessera/core';
import {
  Actor,
  CommonException,
  customerFilterInScope,
  customerInScope,
  ErrorProcessing,
  InvalidReason,
  optionalRequestDateTime,
  Page,
  PageRequest,
  RecordFailure,
  visibleRecord,
  writeBatch,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { OutboxEvent, writeOutboxEvent } from '../../platform/outbox';
import { CustomerAccountService } from '../customers';
import { CARD_VALID_NOW, CardProfile, CardRepository } from './card.repository';
import { CardTypeService } from './card-type.service';
import { AssignFreeCardBodyDto, CardInputDto } from './dto/card.dto';
import { CardEntity, CardState } from './entities/card.entity';
import { LoyaltyException } from './loyalty.exceptions';
import { StoreService } from '../reference-data';

export const CARD_SORT_FIELDS = [
  'card_id',
  'customer_id',
  'card_type_id',
  'card_number',
  'secondary_card_number',
  'valid_from',
  'valid_to',
  'store_id',
  'last_change',
  'state',
] as const;
export type CardSortField = (typeof CARD_SORT_FIELDS)[number];

export interface CardFilter {
  customerId?: string;
  cardTypeId?: string;
  cardNumber?: string;
  cardNumbers?: string[];
  state?: number;
  isValid?: boolean;
  /** Number filters match secondary numbers only. */
  secondary?: boolean;
}

type CardFacts = Pick<CardEntity, 'cardTypeId' | 'cardNumber'>;

/** A card reached a customer: created for them, reassigned to them, or taken from the free pool. */
const cardIssued = (cardId: string, customerId: string, card: CardFacts): OutboxEvent => ({
  type: 'card_issued',
  customerId,
  externalId: cardId,
  data: { card_id: cardId, card_type_id: card.cardTypeId, card_number: card.cardNumber },
});

/** A customer's card became blocked. */
const cardBlocked = (cardId: string, customerId: string, card: CardFacts): OutboxEvent => ({
  type: 'card_blocked',
  customerId,
  externalId: cardId,
  data: { card_id: cardId, card_type_id: card.cardTypeId, card_number: card.cardNumber },
});

@Injectable()
export class CardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CardEntity) private readonly cards: Repository<CardEntity>,
    private readonly types: CardTypeService,
    private readonly stores: StoreService,
    private readonly customers: CustomerAccountService,
    private readonly cardRows: CardRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** On the Customer interface only the logged-in customer's cards are listed. */
  async list(actor: Actor, filter: CardFilter, page: PageRequest<CardSortField>): Promise<Page<CardProfile>> {
    const customerId = customerFilterInScope(actor, filter.customerId);
    const { items, total } = await this.cardRows.findPage({ ...filter, customerId }, page);
    return { items, total };
  }

  async listForCustomer(
    actor: Actor,
    customerId: string,
    filter: CardFilter,
    page: PageRequest<CardSortField>,
  ): Promise<Page<CardProfile>> {
    customerInScope(actor, customerId);
    const { items, total, customerExists } = await this.cardRows.findPage({ ...filter, customerId }, page, customerId);
    if (!customerExists) throw CommonException.recordNotFound('customers', customerId);
    return { items, total };
  }

  async listForType(actor: Actor, cardTypeId: string, filter: CardFilter, page: PageRequest<CardSortField>): Promise<Page<CardProfile>> {
    await this.types.get(cardTypeId);
    const customerId = customerFilterInScope(actor, filter.customerId);
    const { items, total } = await this.cardRows.findPage({ ...filter, customerId, cardTypeId }, page);
    return { items, total };
  }

  async get(actor: Actor, cardId: string): Promise<CardEntity> {
    const card = await this.cards.findOne({ where: { id: cardId } });
    return visibleRecord(actor, card, (record) => record.customerId, 'cards', cardId);
  }

  async create(input: CardInputDto, manager?: EntityManager, field = 'card'): Promise<string> {
    return inTransaction(this.dataSource, manager, async (m) => {
      const columns = await this.checkedColumns(m, input, field, null);
      const id = newId();
      await this.writeUnique(input, field, () => within(this.cards, m).insert({ id, ...columns }));
      if (columns.customerId !== null) await writeOutboxEvent(m, cardIssued(id, columns.customerId, columns));
      if (columns.customerId !== null && columns.state === CardState.Blocked)
        await writeOutboxEvent(m, cardBlocked(id, columns.customerId, columns));
      return id;
    });
  }

  /**
   * Full replacement. On the Customer interface the card must be the customer's own or free, and it
   * ends up assigned to the logged-in customer.
   */
  async replace(actor: Actor, cardId: string, input: CardInputDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const card = await manager.getRepository(CardEntity).findOne({ where: { id: cardId }, lock: { mode: 'pessimistic_write' } });
      if (actor.kind === 'device') {
        const customerId = customerInScope(actor, input.customer_id, 'card.customer_id');
        if (!card || (card.customerId !== null && card.customerId !== customerId)) throw CommonException.recordNotFound('cards', cardId);
        input = { ...input, customer_id: customerId };
      }
      if (!card) throw CommonException.recordNotFound('cards', cardId);
      const columns = await this.checkedColumns(manager, input, 'card', cardId);
      await this.writeUnique(input, 'card', () => manager.update(CardEntity, { id: cardId }, { ...columns, lastChange: new Date() }));
      if (columns.customerId !== null && columns.customerId !== card.customerId)
        await writeOutboxEvent(manager, cardIssued(cardId, columns.customerId, columns));
      if (columns.customerId !== null && columns.state === CardState.Blocked && card.state !== CardState.Blocked) {
        await writeOutboxEvent(manager, cardBlocked(cardId, columns.customerId, columns));
      }
    });
  }

  /**
   * Gives the customer a card from the free pool: the one named, or the oldest free card of the type.
   * A customer holds at most one card of a type this way.
   */
  async assignFreeCard(actor: Actor, input: AssignFreeCardBodyDto): Promise<string> {
    const customerId = customerInScope(actor, input.customer_id);
    return this.dataSource.transaction(async (manager) => {
      await this.customers.requireCustomer(customerId, { field: 'customer_id' }, manager);
      const type = await this.types.require(input.card_type_id, 'card_type_id', manager);
      // Serialises assignments of one type to one customer, so two requests cannot both pass the check below.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`card-assign:${customerId}:${type.id}`]);
      const cards = manager.getRepository(CardEntity);
      if (await cards.exists({ where: { customerId, cardTypeId: type.id } })) {
        throw CommonException.invalid(
          'card_type_id',
          InvalidReason.RelationAlreadyExists,
          'The customer already has a card of this type',
          type.id,
        );
      }
      const card =
        input.card_number === undefined
          ? await this.oldestFreeCard(manager, type.id)
          : await this.namedFreeCard(manager, input.card_number, type.id);
      await cards.update({ id: card.id }, { customerId, lastChange: new Date() });
      await writeOutboxEvent(manager, cardIssued(card.id, customerId, card));
      return card.id;
    });
  }

  /**
   * Blocks or unblocks a card, whoever holds it, and answers the card's holder (null for a free card). A
   * held card that becomes blocked writes `card_blocked` in the same transaction; setting the state it
   * already has changes nothing and writes no event.
   */
  async setState(cardId: string, state: CardState, outer?: EntityManager): Promise<string | null> {
    return inTransaction(this.dataSource, outer, async (manager) => {
      const card = await manager.getRepository(CardEntity).findOne({ where: { id: cardId }, lock: { mode: 'pessimistic_write' } });
      if (!card) throw CommonException.recordNotFound('cards', cardId);
      if (card.state === state) return card.customerId;
      await manager.update(CardEntity, { id: cardId }, { state, lastChange: new Date() });
      if (card.customerId !== null && state === CardState.Blocked)
        await writeOutboxEvent(manager, cardBlocked(cardId, card.customerId, card));
      return card.customerId;
    });
  }

  /** Free: the card exists, is active, within its validity, and nobody holds it. */
  async isFreeToUse(cardNumber: string): Promise<boolean> {
    return this.cards
      .createQueryBuilder('c')
      .where('c.card_number = :cardNumber AND c.customer_id IS NULL AND c.state = :active', { cardNumber, active: CardState.Active })
      .andWhere(CARD_VALID_NOW)
      .getExists();
  }

  /** Decision 22: mode 1 creates all cards or none; mode 2 keeps every valid card and reports the others. */
  createBatch(inputs: CardInputDto[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    return writeBatch(this.dataSource, inputs, mode, (input, index, manager) => this.create(input, manager, `cards[${index}]`));
  }

  private async oldestFreeCard(manager: EntityManager, cardTypeId: string): Promise<CardEntity> {
    // SKIP LOCKED: concurrent assignments each take a different free card instead of queueing on one.
    const card = await manager
      .getRepository(CardEntity)
      .createQueryBuilder('c')
      .where('c.card_type_id = :cardTypeId AND c.customer_id IS NULL AND c.state = :active', { cardTypeId, active: CardState.Active })
      .andWhere('(c.valid_to IS NULL OR c.valid_to >= now())')
      .orderBy('c.created_at')
      .addOrderBy('c.card_id')
      .limit(1)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getOne();
    if (!card) throw CommonException.invalid('card_type_id', InvalidReason.NotFound, 'No free card of this type is left', cardTypeId);
    return card;
  }

  private async namedFreeCard(manager: EntityManager, cardNumber: string, cardTypeId: string): Promise<CardEntity> {
    const card = await manager.getRepository(CardEntity).findOne({ where: { cardNumber }, lock: { mode: 'pessimistic_write' } });
    if (!card) throw CommonException.invalid('card_number', InvalidReason.NotFound, 'No card has this number', cardNumber);
    if (card.cardTypeId !== cardTypeId) {
      throw CommonException.invalid('card_number', InvalidReason.NotAllowedValue, 'The card is of another card type', cardNumber);
    }
    if (card.state === CardState.Blocked) throw LoyaltyException.cardIsBlocked('card_number', cardNumber);
    if (card.customerId !== null)
      throw CommonException.invalid('card_number', InvalidReason.NotAllowedValue, 'The card is assigned to a customer', cardNumber);
    if (card.validTo && card.validTo.getTime() < Date.now()) {
      throw CommonException.invalid('card_number', InvalidReason.NotAllowedValue, 'The card is past its validity', cardNumber);
    }
    return card;
  }

  private async checkedColumns(
    manager: EntityManager,
    input: CardInputDto,
    field: string,
    cardId: string | null,
  ): Promise<Omit<CardEntity, 'id' | 'createdAt' | 'lastChange'>> {
    const type = await this.types.require(input.card_type_id, `${field}.card_type_id`, manager);
    if (!input.card_number.startsWith(type.prefix)) {
      throw CommonException.invalid(
        `${field}.card_number`,
        InvalidReason.NotAllowedValue,
        `Numbers of this card type start with "${type.prefix}"`,
        input.card_number,
      );
    }
    const duplicate = manager
      .getRepository(CardEntity)
      .createQueryBuilder('c')
      .where('c.card_number = :number', { number: input.card_number });
    if (cardId) duplicate.andWhere('c.card_id <> :cardId', { cardId });
    if (await duplicate.getExists()) {
      throw CommonException.invalid(`${field}.card_number`, InvalidReason.AlreadyExists, 'Another card has this number', input.card_number);
    }
    if (input.customer_id !== undefined)
      await this.customers.requireCustomer(input.customer_id, { field: `${field}.customer_id` }, manager);
    if (input.store_id !== undefined) await this.stores.requireStore(input.store_id, `${field}.store_id`);
    const validFrom = optionalRequestDateTime(input.valid_from, `${field}.valid_from`, this.config.timeZone);
    const validTo = optionalRequestDateTime(input.valid_to, `${field}.valid_to`, this.config.timeZone);
    if (validFrom && validTo && validFrom > validTo) {
      throw CommonException.invalid(`${field}.valid_to`, InvalidReason.NotAllowedValue, 'valid_to is before valid_from', input.valid_to);
    }
    return {
      customerId: input.customer_id ?? null,
      cardTypeId: type.id,
      cardNumber: input.card_number,
      secondaryCardNumber: input.secondary_card_number ?? null,
      validFrom,
      validTo,
      storeId: input.store_id ?? null,
      state: input.state as CardState,
    };
  }

  /** A concurrent write of the same number loses to the unique index: answered like the check above. */
  private async writeUnique(input: CardInputDto, field: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw CommonException.invalid(
          `${field}.card_number`,
          InvalidReason.AlreadyExists,
          'Another card has this number',
          input.card_number,
        );
      }
      throw error;
    }
  }
}
