import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { EngagementSetupDefinitionDto, EngagementSetupDefinitionViewDto } from './dto/engagement-setup-definition.dto';
import { EngagementSetupState } from './engagement-setup.service';

interface SetupRow {
  setup_id: string;
  setup: string;
  state: number;
  last_change: Date;
}

const toView = (row: SetupRow): EngagementSetupDefinitionViewDto => ({
  setup_id: row.setup_id,
  setup: row.setup,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/**
 * Setups of the web tracking script as the operator defines them: found by id, as they have no other
 * key. Deactivated is the contract's removed (state 0), which it keeps listing so a script holding the
 * id learns it is gone; the file's state 2 is the contract's inactive.
 */
@Injectable()
export class EngagementSetupDefinitionRepository implements DefinitionStore<
  EngagementSetupDefinitionDto,
  EngagementSetupDefinitionViewDto
> {
  readonly kind = 'engagement_setup';
  readonly resource = 'customer-engagement-setups';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<EngagementSetupDefinitionViewDto>> {
    const found = await queryRowPage<SetupRow>(
      this.dataSource,
      {
        columns: 'setup_id, setup, state, last_change',
        from: 'customer_engagement_setups',
        conditions: ['($1::text IS NULL OR setup ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: [],
        id: 'setup_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<EngagementSetupDefinitionViewDto | null> {
    const [row] = await manager.query<SetupRow[]>(
      `SELECT setup_id, setup, state, last_change FROM customer_engagement_setups WHERE setup_id = $1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: EngagementSetupDefinitionViewDto): string {
    return view.setup_id;
  }

  async insert(input: EngagementSetupDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    await manager.query(`INSERT INTO customer_engagement_setups (setup_id, setup, state) VALUES ($1, $2, $3)`, [
      id,
      serializedSetup(input.setup),
      input.state ?? EngagementSetupState.Active,
    ]);
    return id;
  }

  /** Replaces the setup; a deactivated one stays deactivated, which only activating undoes. */
  async update(id: string, input: EngagementSetupDefinitionDto, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE customer_engagement_setups
          SET setup = $2, state = CASE WHEN state = ${EngagementSetupState.Deleted} THEN state ELSE $3::smallint END, last_change = now()
        WHERE setup_id = $1`,
      [id, serializedSetup(input.setup), input.state ?? EngagementSetupState.Active],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE customer_engagement_setups SET state = $2, last_change = now() WHERE setup_id = $1`, [id, state]);
  }
}

/** The contract promises serialized JSON: an object or array is serialized, a string must already hold one. */
function serializedSetup(setup: unknown): string {
  const serialized = typeof setup === 'string' ? setup : JSON.stringify(setup);
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialized);
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object') {
    throw CommonException.invalid(
      'setup',
      InvalidReason.InvalidValueFormat,
      'The setup must be a JSON object or array, or a string holding one serialized',
    );
  }
  return serialized;
}
