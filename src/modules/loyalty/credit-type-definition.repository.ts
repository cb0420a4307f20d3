import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CurrencyService } from '../reference-data';
import { CreditTypeDefinitionDto, CreditTypeDefinitionViewDto } from './dto/credit-type-definition.dto';
import { keepOneDefault } from './single-default';

interface CreditTypeRow {
  credit_type_id: string;
  name: string;
  currency_id: string;
  is_default: boolean;
  state: number;
  last_change: Date;
}

const toView = ({ last_change, ...row }: CreditTypeRow): CreditTypeDefinitionViewDto => ({
  ...row,
  last_change: new Date(last_change).toISOString(),
});

const COLUMNS = `credit_type_id, name, currency_id, is_default, state, last_change`;
const DEFAULTS = { table: 'credit_types', idColumn: 'credit_type_id', noun: 'credit type' } as const;

/**
 * Credit types as the operator defines them, found by id (they have no other key); the currency may be
 * named by its ISO code. Exactly one active type is the default, which requests that name no credit type
 * get; deactivated, a type keeps its customers' credits but leaves the contract's list and takes no new
 * credits a request names it for.
 */
@Injectable()
export class CreditTypeDefinitionRepository implements DefinitionStore<CreditTypeDefinitionDto, CreditTypeDefinitionViewDto> {
  readonly kind = 'credit_type';
  readonly resource = 'credit-types';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly currencies: CurrencyService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CreditTypeDefinitionViewDto>> {
    const found = await queryRowPage<CreditTypeRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'credit_types',
        conditions: ['($1::text IS NULL OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'credit_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CreditTypeDefinitionViewDto | null> {
    const [row] = await manager.query<CreditTypeRow[]>(`SELECT ${COLUMNS} FROM credit_types WHERE credit_type_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: CreditTypeDefinitionViewDto): string {
    return view.credit_type_id;
  }

  async insert(input: CreditTypeDefinitionDto, manager: EntityManager): Promise<string> {
    const currencyId = await this.currencyOf(input.currency_id, manager);
    const id = newId();
    await keepOneDefault.beforeInsert(DEFAULTS, input.is_default, manager);
    await manager.query(`INSERT INTO credit_types (credit_type_id, name, currency_id, is_default) VALUES ($1, $2, $3, $4)`, [
      id,
      input.name,
      currencyId,
      input.is_default,
    ]);
    return id;
  }

  async update(id: string, input: CreditTypeDefinitionDto, manager: EntityManager): Promise<void> {
    const currencyId = await this.currencyOf(input.currency_id, manager);
    await keepOneDefault.beforeUpdate(DEFAULTS, id, input.is_default, manager);
    await manager.query(
      `UPDATE credit_types SET name = $2, currency_id = $3, is_default = $4, last_change = now() WHERE credit_type_id = $1`,
      [id, input.name, currencyId, input.is_default],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await keepOneDefault.beforeSetState(DEFAULTS, id, state, manager);
    await manager.query(`UPDATE credit_types SET state = $2, last_change = now() WHERE credit_type_id = $1`, [id, state]);
  }

  /** The currency by id or ISO code; 400 `not_found` on `currency_id` when neither names one. */
  private async currencyOf(key: string, manager: EntityManager): Promise<string> {
    const [found] = await manager.query<{ currency_id: string }[]>(
      `SELECT currency_id FROM currencies WHERE currency_id = $1 OR code = upper($1) ORDER BY currency_id = $1 DESC LIMIT 1`,
      [key],
    );
    return (await this.currencies.requireCurrency(found?.currency_id ?? key, 'currency_id')).id;
  }
}
