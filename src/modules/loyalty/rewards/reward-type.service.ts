import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { fetchPage, likePattern, within } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { RewardTypeEntity } from './entities/reward-type.entity';

export const REWARD_TYPE_SORT_FIELDS = ['reward_type_id', 'name', 'last_change'] as const;
export type RewardTypeSortField = (typeof REWARD_TYPE_SORT_FIELDS)[number];

/** The kinds of reward the rules know (reward_types.kind). */
export enum RewardKind {
  FixedDiscount = 'fixed_discount',
  PercentageDiscount = 'percentage_discount',
  FinalPrice = 'final_price',
  CatalogueItem = 'catalogue_item',
  GiftCard = 'gift_card',
}

/** Whether a reward type is of this kind. */
export function isRewardKind(type: RewardTypeEntity, kind: RewardKind): boolean {
  return type.kind === (kind as string);
}

/** Kinds a simple reward may have. */
export const SIMPLE_REWARD_KINDS: readonly string[] = [RewardKind.FixedDiscount, RewardKind.PercentageDiscount, RewardKind.FinalPrice];

@Injectable()
export class RewardTypeService {
  constructor(@InjectRepository(RewardTypeEntity) private readonly types: Repository<RewardTypeEntity>) {}

  async list(filter: { name?: string }, page: PageRequest<RewardTypeSortField>): Promise<Page<RewardTypeEntity>> {
    // Deactivated types stay readable by id, as rewards name them, but are not offered.
    const query = this.types.createQueryBuilder('t').where('t.state = 1');
    if (filter.name) query.andWhere('t.name ILIKE :name', { name: likePattern(filter.name) });
    return fetchPage(query, page, { reward_type_id: 't.id', name: 't.name', last_change: 't.lastChange' }, 't.id', {
      oneRowPerRecord: true,
    });
  }

  async get(typeId: string): Promise<RewardTypeEntity> {
    const type = await this.types.findOne({ where: { id: typeId } });
    if (!type) throw CommonException.recordNotFound('reward-types', typeId);
    return type;
  }

  /** The type named in a request body; 400 naming `field` when there is none or it is deactivated. */
  async require(typeId: string, field: string, manager?: EntityManager): Promise<RewardTypeEntity> {
    const type = await within(this.types, manager).findOne({ where: { id: typeId } });
    if (!type) throw CommonException.invalid(field, InvalidReason.NotFound, 'No reward type has this id', typeId);
    if (type.state === 0) throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The reward type is deactivated', typeId);
    return type;
  }

  async byKind(kind: RewardKind, manager?: EntityManager): Promise<RewardTypeEntity> {
    const type = await within(this.types, manager).findOne({ where: { kind, state: 1 }, order: { textId: 'ASC' } });
    if (!type) throw new Error(`Reward type ${kind} is missing; run the migrations`);
    return type;
  }
}
