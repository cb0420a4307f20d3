import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { fetchPage, likePattern, newId, within } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CardTypeEntity } from './entities/card-type.entity';

export const CARD_TYPE_SORT_FIELDS = ['card_type_id', 'text_id', 'name', 'prefix'] as const;
export type CardTypeSortField = (typeof CARD_TYPE_SORT_FIELDS)[number];

export interface CardTypeFilter {
  name?: string;
  textIds: string[];
}

export interface CardTypeInput {
  name: string;
  prefix: string;
}

/** A readable, stable text id from a name: lowercase words joined by underscores. */
export function textIdFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug || 'card_type';
}

@Injectable()
export class CardTypeService {
  constructor(@InjectRepository(CardTypeEntity) private readonly types: Repository<CardTypeEntity>) {}

  list(filter: CardTypeFilter, page: PageRequest<CardTypeSortField>): Promise<Page<CardTypeEntity>> {
    const query = this.types.createQueryBuilder('t');
    if (filter.name) query.andWhere('t.name ILIKE :name', { name: likePattern(filter.name) });
    if (filter.textIds.length > 0) query.andWhere('t.text_id IN (:...textIds)', { textIds: filter.textIds });
    return fetchPage(query, page, { card_type_id: 't.id', text_id: 't.textId', name: 't.name', prefix: 't.prefix' }, 't.id', {
      defaultOrder: 't.name',
      oneRowPerRecord: true,
    });
  }

  async get(cardTypeId: string): Promise<CardTypeEntity> {
    const type = await this.types.findOne({ where: { id: cardTypeId } });
    if (!type) throw CommonException.recordNotFound('card-types', cardTypeId);
    return type;
  }

  /** A card type named in a request body: a 400 naming `field` when it does not exist. */
  async require(cardTypeId: string, field: string, manager?: EntityManager): Promise<CardTypeEntity> {
    const type = await within(this.types, manager).findOne({ where: { id: cardTypeId } });
    if (!type) throw CommonException.invalid(field, InvalidReason.NotFound, 'No card type has this id', cardTypeId);
    if (type.state === 0) throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The card type is deactivated', cardTypeId);
    return type;
  }

  async defaultType(manager?: EntityManager): Promise<CardTypeEntity> {
    const type = await within(this.types, manager).findOne({ where: { isDefault: true } });
    if (!type) throw CommonException.invalid('card_type_id', InvalidReason.Required, 'No default card type is set; name one');
    return type;
  }

  async create(input: CardTypeInput): Promise<string> {
    const id = newId();
    await this.types.insert({ id, textId: await this.freeTextId(input.name), name: input.name, prefix: input.prefix });
    return id;
  }

  /** Name and prefix change; the text id stays, since integrations refer to it. */
  async replace(cardTypeId: string, input: CardTypeInput): Promise<void> {
    await this.get(cardTypeId);
    await this.types.update({ id: cardTypeId }, { name: input.name, prefix: input.prefix, lastChange: new Date() });
  }

  private async freeTextId(name: string): Promise<string> {
    const base = textIdFromName(name);
    const taken = new Set(
      (
        await this.types
          .createQueryBuilder('t')
          .select('t.text_id', 'text_id')
          .where('t.text_id = :base OR t.text_id LIKE :numbered', { base, numbered: `${base.replace(/_/g, '\\_')}\\_%` })
          .getRawMany<{ text_id: string }>()
      ).map((row) => row.text_id),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
  }
}
