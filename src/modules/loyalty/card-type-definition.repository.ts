import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CardTypeDefinitionDto, CardTypeDefinitionViewDto } from './dto/card-type-definition.dto';

interface CardTypeRow {
  card_type_id: string;
  text_id: string;
  name: string;
  prefix: string;
  is_default: boolean;
  state: number;
  last_change: Date;
}

const toView = ({ last_change, ...row }: CardTypeRow): CardTypeDefinitionViewDto => ({
  ...row,
  last_change: new Date(last_change).toISOString(),
});

const COLUMNS = `card_type_id, text_id, name, prefix, is_default, state, last_change`;

/**
 * Card types as the operator defines them, found by id or text id. Exactly one active type is the
 * default (cards issued without a type get it): making one the default unmakes the other in the same
 * transaction, and the default can be neither unmade nor deactivated but by making another the default.
 */
@Injectable()
export class CardTypeDefinitionRepository implements DefinitionStore<CardTypeDefinitionDto, CardTypeDefinitionViewDto> {
  readonly kind = 'card_type';
  readonly resource = 'card-types';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CardTypeDefinitionViewDto>> {
    const found = await queryRowPage<CardTypeRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'card_types',
        conditions: ['($1::text IS NULL OR text_id ILIKE $1 OR name ILIKE $1 OR prefix ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'card_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CardTypeDefinitionViewDto | null> {
    const [row] = await manager.query<CardTypeRow[]>(
      `SELECT ${COLUMNS} FROM card_types WHERE card_type_id = $1 OR text_id = $1 ORDER BY card_type_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: CardTypeDefinitionViewDto): string {
    return view.card_type_id;
  }

  async insert(input: CardTypeDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    await this.takeDefault(input.is_default, manager);
    await manager.query(`INSERT INTO card_types (card_type_id, text_id, name, prefix, is_default) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      input.text_id,
      input.name,
      input.prefix,
      input.is_default,
    ]);
    return id;
  }

  async update(id: string, input: CardTypeDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id, id, manager);
    const [current] = await manager.query<{ is_default: boolean; state: number }[]>(
      `SELECT is_default, state FROM card_types WHERE card_type_id = $1 FOR UPDATE`,
      [id],
    );
    if (current.is_default && !input.is_default)
      throw CommonException.invalid(
        'is_default',
        InvalidReason.NotAllowedValue,
        'One card type is always the default: make another the default instead',
        false,
      );
    if (input.is_default && current.state === 0)
      throw CommonException.invalid('is_default', InvalidReason.NotAllowedValue, 'A deactivated card type cannot be the default', true);
    if (!current.is_default) await this.takeDefault(input.is_default, manager);
    await manager.query(
      `UPDATE card_types SET text_id = $2, name = $3, prefix = $4, is_default = $5, last_change = now() WHERE card_type_id = $1`,
      [id, input.text_id, input.name, input.prefix, input.is_default],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    const [current] = await manager.query<{ is_default: boolean }[]>(`SELECT is_default FROM card_types WHERE card_type_id = $1`, [id]);
    if (state === 0 && current.is_default)
      throw CommonException.invalid(
        'is_default',
        InvalidReason.NotAllowedValue,
        'The default card type cannot be deactivated: make another the default first',
        true,
      );
    await manager.query(`UPDATE card_types SET state = $2, last_change = now() WHERE card_type_id = $1`, [id, state]);
  }

  /** The type about to become the default takes the flag from the one that has it. */
  private async takeDefault(isDefault: boolean, manager: EntityManager): Promise<void> {
    if (isDefault) await manager.query(`UPDATE card_types SET is_default = false, last_change = now() WHERE is_default`);
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM card_types WHERE text_id = $1 AND card_type_id IS DISTINCT FROM $2`, [
      textId,
      ownId,
    ]);
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another card type has this text id', textId);
  }
}
