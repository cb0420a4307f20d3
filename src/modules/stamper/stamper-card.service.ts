import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import { fetchPage } from '@tessera/core';
import { Actor, customerFilterInScope, Page, PageRequest, visibleRecord } from '@tessera/http';
import { StamperRecordState } from './entities/stamper-campaign.entity';
import { StamperCardEntity, StamperCardState, StamperStampEntity } from './entities/stamper-card.entity';

const CARD_SORT_COLUMNS = {
  stamper_card_id: 'k.id',
  stamper_campaign_id: 'k.campaignId',
  customer_id: 'k.customerId',
  stamper_card_order: 'k.cardOrder',
  is_filled_up: 'k.filledUp',
  created_at: 'k.createdAt',
  last_change: 'k.lastChange',
  state: 'k.state',
} as const;
export type StamperCardSortField = keyof typeof CARD_SORT_COLUMNS;
export const STAMPER_CARD_SORT_FIELDS = Object.keys(CARD_SORT_COLUMNS) as StamperCardSortField[];

const STAMP_SORT_COLUMNS = {
  stamp_id: 's.id',
  customer_id: 's.customerId',
  purchase_id: 's.purchaseId',
  stamper_card_id: 's.cardId',
  stamp_order: 's.stampOrder',
  stamper_condition_id: 's.conditionId',
  created_at: 's.createdAt',
  last_change: 's.lastChange',
  state: 's.state',
} as const;
export type StamperStampSortField = keyof typeof STAMP_SORT_COLUMNS;
export const STAMPER_STAMP_SORT_FIELDS = Object.keys(STAMP_SORT_COLUMNS) as StamperStampSortField[];

export interface StamperCardFilter {
  customer_id?: string;
  stamper_campaign_id?: string[];
  state?: StamperCardState;
  filled_up?: boolean;
}

export interface StamperStampFilter {
  customer_id?: string;
  stamper_card_id?: string[];
  stamper_condition_id?: string;
}

/** A card with its standing stamps in their places. */
export interface StamperCardView {
  card: StamperCardEntity;
  stamps: StamperStampEntity[];
}

/** Customers' stamp cards and stamps, read only: purchases write them. The Customer interface sees its own. */
@Injectable()
export class StamperCardService {
  constructor(
    @InjectRepository(StamperCardEntity) private readonly cards: Repository<StamperCardEntity>,
    @InjectRepository(StamperStampEntity) private readonly stamps: Repository<StamperStampEntity>,
  ) {}

  async listCards(actor: Actor, filter: StamperCardFilter, page: PageRequest<StamperCardSortField>): Promise<Page<StamperCardView>> {
    const query = this.cards.createQueryBuilder('k');
    const customerId = customerFilterInScope(actor, filter.customer_id);
    if (customerId !== undefined) query.andWhere('k.customer_id = :customerId', { customerId });
    if (filter.stamper_campaign_id)
      query.andWhere('k.stamper_campaign_id = ANY(:campaignIds)', { campaignIds: filter.stamper_campaign_id });
    if (filter.state !== undefined) query.andWhere('k.state = :state', { state: filter.state });
    if (filter.filled_up !== undefined) query.andWhere('k.filled_up = :filledUp', { filledUp: filter.filled_up });
    const { items, total } = await fetchPage(query, page, CARD_SORT_COLUMNS, 'k.id', {
      defaultOrder: 'k.createdAt',
      oneRowPerRecord: true,
    });
    return { items: await this.withStamps(items), total };
  }

  async getCard(actor: Actor, cardId: string): Promise<StamperCardView> {
    const card = visibleRecord(
      actor,
      await this.cards.findOne({ where: { id: cardId } }),
      (found) => found.customerId,
      'stamper-cards',
      cardId,
    );
    return (await this.withStamps([card]))[0];
  }

  async listStamps(actor: Actor, filter: StamperStampFilter, page: PageRequest<StamperStampSortField>): Promise<Page<StamperStampEntity>> {
    const query: SelectQueryBuilder<StamperStampEntity> = this.stamps.createQueryBuilder('s');
    const customerId = customerFilterInScope(actor, filter.customer_id);
    if (customerId !== undefined) query.andWhere('s.customer_id = :customerId', { customerId });
    if (filter.stamper_card_id) query.andWhere('s.stamper_card_id = ANY(:cardIds)', { cardIds: filter.stamper_card_id });
    if (filter.stamper_condition_id !== undefined)
      query.andWhere('s.stamper_condition_id = :conditionId', { conditionId: filter.stamper_condition_id });
    return fetchPage(query, page, STAMP_SORT_COLUMNS, 's.id', { defaultOrder: 's.seq', oneRowPerRecord: true });
  }

  async getStamp(actor: Actor, stampId: string): Promise<StamperStampEntity> {
    return visibleRecord(actor, await this.stamps.findOne({ where: { id: stampId } }), (found) => found.customerId, 'stamps', stampId);
  }

  /** The cards with their standing stamps, one statement for the whole page. */
  private async withStamps(cards: StamperCardEntity[]): Promise<StamperCardView[]> {
    if (cards.length === 0) return [];
    const stamps = await this.stamps.find({
      where: { cardId: In(cards.map((card) => card.id)), state: StamperRecordState.Active },
      order: { stampOrder: 'ASC', id: 'ASC' },
    });
    return cards.map((card) => ({ card, stamps: stamps.filter((stamp) => stamp.cardId === card.id) }));
  }
}
