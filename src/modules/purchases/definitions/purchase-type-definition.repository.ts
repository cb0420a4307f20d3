import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../../audit';
import {
  PurchaseItemTypeDefinitionDto,
  PurchaseItemTypeDefinitionViewDto,
  PurchaseTypeDefinitionDto,
  PurchaseTypeDefinitionViewDto,
} from './dto/purchase-type-definition.dto';

interface TypeRow {
  id: string;
  text_id: string;
  name: string;
  state: number;
  last_change: Date;
  collects_points?: boolean;
  rewards_apply?: boolean;
  payable_by_points?: boolean;
  points_payment_only?: boolean;
}

/** The SQL both type tables share: each has a text id, a name and a state, item types also their flags. */
abstract class TypeDefinitionRepository<TInput extends PurchaseTypeDefinitionDto, TView> implements DefinitionStore<TInput, TView> {
  abstract readonly kind: string;
  abstract readonly resource: string;
  protected abstract readonly table: string;
  protected abstract readonly flags: (keyof TInput & string)[];
  protected abstract toView(row: TypeRow): TView;
  abstract idOf(view: TView): string;

  constructor(private readonly dataSource: DataSource) {}

  private get idColumn(): string {
    return `${this.table.replace(/s$/, '')}_id`;
  }

  private get columns(): string {
    return [`${this.idColumn} AS id`, 'text_id', 'name', 'state', 'last_change', ...this.flags].join(', ');
  }

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<TView>> {
    const found = await queryRowPage<TypeRow>(
      this.dataSource,
      {
        columns: this.columns,
        from: this.table,
        conditions: ['($1::text IS NULL OR text_id ILIKE $1 OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'id',
      },
      page,
    );
    return { items: found.items.map((row) => this.toView(row)), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<TView | null> {
    const [row] = await manager.query<TypeRow[]>(
      `SELECT ${this.columns} FROM ${this.table} WHERE ${this.idColumn} = $1 OR text_id = $1 ORDER BY ${this.idColumn} = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? this.toView(row) : null;
  }

  async insert(input: TInput, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    const columns = [this.idColumn, 'text_id', 'name', ...this.flags];
    await manager.query(
      `INSERT INTO ${this.table} (${columns.join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
      [id, input.text_id, input.name, ...this.flags.map((flag) => input[flag])],
    );
    return id;
  }

  async update(id: string, input: TInput, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id, id, manager);
    const assignments = ['text_id', 'name', ...this.flags].map((column, index) => `${column} = $${index + 2}`);
    await manager.query(`UPDATE ${this.table} SET ${assignments.join(', ')}, last_change = now() WHERE ${this.idColumn} = $1`, [
      id,
      input.text_id,
      input.name,
      ...this.flags.map((flag) => input[flag]),
    ]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE ${this.table} SET state = $2, last_change = now() WHERE ${this.idColumn} = $1`, [id, state]);
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(
      `SELECT 1 FROM ${this.table} WHERE text_id = $1 AND ${this.idColumn} IS DISTINCT FROM $2`,
      [textId, ownId],
    );
    if (clash)
      throw CommonException.invalid(
        'text_id',
        InvalidReason.AlreadyExists,
        `Another ${this.kind.replace(/_/g, ' ')} has this text id`,
        textId,
      );
  }
}

const base = (row: TypeRow) => ({
  text_id: row.text_id,
  name: row.name,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Purchase types as the operator defines them: found by id or text id. */
@Injectable()
export class PurchaseTypeDefinitionRepository extends TypeDefinitionRepository<PurchaseTypeDefinitionDto, PurchaseTypeDefinitionViewDto> {
  readonly kind = 'purchase_type';
  readonly resource = 'purchase-types';
  protected readonly table = 'purchase_types';
  protected readonly flags = [];

  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  protected toView(row: TypeRow): PurchaseTypeDefinitionViewDto {
    return { purchase_type_id: row.id, ...base(row) };
  }

  idOf(view: PurchaseTypeDefinitionViewDto): string {
    return view.purchase_type_id;
  }
}

/** Purchase item types as the operator defines them, with the flags loyalty reads: found by id or text id. */
@Injectable()
export class PurchaseItemTypeDefinitionRepository extends TypeDefinitionRepository<
  PurchaseItemTypeDefinitionDto,
  PurchaseItemTypeDefinitionViewDto
> {
  readonly kind = 'purchase_item_type';
  readonly resource = 'purchase-item-types';
  protected readonly table = 'purchase_item_types';
  protected readonly flags: ('collects_points' | 'rewards_apply' | 'payable_by_points' | 'points_payment_only')[] = [
    'collects_points',
    'rewards_apply',
    'payable_by_points',
    'points_payment_only',
  ];

  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  protected toView(row: TypeRow): PurchaseItemTypeDefinitionViewDto {
    return {
      purchase_item_type_id: row.id,
      ...base(row),
      collects_points: row.collects_points!,
      rewards_apply: row.rewards_apply!,
      payable_by_points: row.payable_by_points!,
      points_payment_only: row.points_payment_only!,
    };
  }

  idOf(view: PurchaseItemTypeDefinitionViewDto): string {
    return view.purchase_item_type_id;
  }
}
