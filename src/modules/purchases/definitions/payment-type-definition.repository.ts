import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../../audit';
import { PaymentTypeDefinitionDto, PaymentTypeDefinitionViewDto } from './dto/payment-type-definition.dto';

/** Purchase closure's own payment types (decision 23): what each does is built into the closure. */
export const BUILT_IN_PAYMENT_TYPES: ReadonlySet<string> = new Set(['S', 'A', 'C', 'D']);

interface PaymentTypeRow {
  payment_type_id: string;
  name: string;
  collects_points: boolean;
  overall_discounts: boolean;
  pays_by_credits: boolean;
  state: number;
  last_change: Date;
}

const COLUMNS = 'payment_type_id, name, collects_points, overall_discounts, pays_by_credits, state, last_change';

const toView = (row: PaymentTypeRow): PaymentTypeDefinitionViewDto => ({
  payment_type_id: row.payment_type_id,
  name: row.name,
  collects_points: row.collects_points,
  overall_discounts: row.overall_discounts,
  pays_by_credits: row.pays_by_credits,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Payment types as the operator defines them, beside the four built in, which stay as they are (decision 32). */
@Injectable()
export class PaymentTypeDefinitionRepository implements DefinitionStore<PaymentTypeDefinitionDto, PaymentTypeDefinitionViewDto> {
  readonly kind = 'payment_type';
  readonly resource = 'payment-types';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<PaymentTypeDefinitionViewDto>> {
    const found = await queryRowPage<PaymentTypeRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'payment_types',
        conditions: ['($1::text IS NULL OR name ILIKE $1 OR payment_type_id ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['length(payment_type_id)'],
        id: 'payment_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<PaymentTypeDefinitionViewDto | null> {
    const [row] = await manager.query<PaymentTypeRow[]>(`SELECT ${COLUMNS} FROM payment_types WHERE payment_type_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: PaymentTypeDefinitionViewDto): string {
    return view.payment_type_id;
  }

  async insert(input: PaymentTypeDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    await manager.query(
      `INSERT INTO payment_types (payment_type_id, name, collects_points, overall_discounts, pays_by_credits) VALUES ($1, $2, $3, $4, $5)`,
      [id, input.name, input.collects_points, input.overall_discounts, input.pays_by_credits],
    );
    return id;
  }

  async update(id: string, input: PaymentTypeDefinitionDto, manager: EntityManager): Promise<void> {
    assertNotBuiltIn(id);
    await manager.query(
      `UPDATE payment_types SET name = $2, collects_points = $3, overall_discounts = $4, pays_by_credits = $5, last_change = now()
        WHERE payment_type_id = $1`,
      [id, input.name, input.collects_points, input.overall_discounts, input.pays_by_credits],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    assertNotBuiltIn(id);
    await manager.query(`UPDATE payment_types SET state = $2, last_change = now() WHERE payment_type_id = $1`, [id, state]);
  }
}

function assertNotBuiltIn(id: string): void {
  if (BUILT_IN_PAYMENT_TYPES.has(id))
    throw CommonException.invalid('payment_type_id', InvalidReason.NotAllowedValue, 'S, A, C and D are built in and stay as they are', id);
}
