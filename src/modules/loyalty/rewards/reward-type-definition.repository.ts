import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../../audit';
import { RewardTypeDefinitionDto, RewardTypeDefinitionViewDto } from './dto/reward-type-definition.dto';

interface RewardTypeRow {
  reward_type_id: string;
  text_id: string;
  name: string;
  kind: string;
  state: number;
  last_change: Date;
}

const toView = ({ last_change, ...row }: RewardTypeRow): RewardTypeDefinitionViewDto => ({
  ...row,
  last_change: new Date(last_change).toISOString(),
});

const COLUMNS = `reward_type_id, text_id, name, kind, state, last_change`;

/**
 * Reward types as the operator defines them, found by id or text id. The kind decides how the rules
 * apply a type's rewards, so it changes only while no reward has the type; deactivated, a type keeps
 * its rewards but leaves the contract's list and no reward can be given it.
 */
@Injectable()
export class RewardTypeDefinitionRepository implements DefinitionStore<RewardTypeDefinitionDto, RewardTypeDefinitionViewDto> {
  readonly kind = 'reward_type';
  readonly resource = 'reward-types';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<RewardTypeDefinitionViewDto>> {
    const found = await queryRowPage<RewardTypeRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'reward_types',
        conditions: ['($1::text IS NULL OR text_id ILIKE $1 OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'reward_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<RewardTypeDefinitionViewDto | null> {
    const [row] = await manager.query<RewardTypeRow[]>(
      `SELECT ${COLUMNS} FROM reward_types WHERE reward_type_id = $1 OR text_id = $1 ORDER BY reward_type_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: RewardTypeDefinitionViewDto): string {
    return view.reward_type_id;
  }

  async insert(input: RewardTypeDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO reward_types (reward_type_id, text_id, name, kind) VALUES ($1, $2, $3, $4)`, [
      id,
      input.text_id,
      input.name,
      input.kind,
    ]);
    return id;
  }

  async update(id: string, input: RewardTypeDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id, id, manager);
    const [current] = await manager.query<{ kind: string; rewards: number }[]>(
      `SELECT kind, (SELECT count(*)::int FROM rewards WHERE reward_type_id = $1) AS rewards FROM reward_types WHERE reward_type_id = $1 FOR UPDATE`,
      [id],
    );
    if (current.kind !== input.kind && current.rewards > 0) {
      throw CommonException.invalid(
        'kind',
        InvalidReason.NotAllowedValue,
        `${current.rewards} reward(s) have this type, whose kind decides how they apply: define a new type instead`,
        input.kind,
      );
    }
    await manager.query(`UPDATE reward_types SET text_id = $2, name = $3, kind = $4, last_change = now() WHERE reward_type_id = $1`, [
      id,
      input.text_id,
      input.name,
      input.kind,
    ]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE reward_types SET state = $2, last_change = now() WHERE reward_type_id = $1`, [id, state]);
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM reward_types WHERE text_id = $1 AND reward_type_id IS DISTINCT FROM $2`, [
      textId,
      ownId,
    ]);
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another reward type has this text id', textId);
  }
}
