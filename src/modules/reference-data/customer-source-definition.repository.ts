import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CustomerSourceDefinitionDto, CustomerSourceDefinitionViewDto } from './dto/customer-source-definition.dto';

interface CustomerSourceRow {
  customer_source_id: string;
  customer_source_text_id: string;
  name: string;
  state: number;
  last_change: Date;
}

const toView = (row: CustomerSourceRow): CustomerSourceDefinitionViewDto => ({
  customer_source_id: row.customer_source_id,
  customer_source_text_id: row.customer_source_text_id,
  name: row.name,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const COLUMNS = 'customer_source_id, customer_source_text_id, name, state, last_change';

/**
 * Customer sources as the operator defines them: found by id or text id. It has the shape of the audit
 * context's DefinitionStore without naming it, as reference data sits below the audit trail's layer;
 * the customers' operator API drives it through the lifecycle.
 */
@Injectable()
export class CustomerSourceDefinitionRepository {
  readonly kind = 'customer_source';
  readonly resource = 'customer-sources';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: { q?: string; state?: number }, page: PageRequest): Promise<Page<CustomerSourceDefinitionViewDto>> {
    const found = await queryRowPage<CustomerSourceRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'customer_sources',
        conditions: ['($1::text IS NULL OR customer_source_text_id ILIKE $1 OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['customer_source_text_id'],
        id: 'customer_source_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CustomerSourceDefinitionViewDto | null> {
    const [row] = await manager.query<CustomerSourceRow[]>(
      `SELECT ${COLUMNS} FROM customer_sources WHERE customer_source_id = $1 OR customer_source_text_id = $1 ORDER BY customer_source_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: CustomerSourceDefinitionViewDto): string {
    return view.customer_source_id;
  }

  async insert(input: CustomerSourceDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.customer_source_text_id, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO customer_sources (customer_source_id, customer_source_text_id, name) VALUES ($1, $2, $3)`, [
      id,
      input.customer_source_text_id,
      input.name.trim(),
    ]);
    return id;
  }

  async update(id: string, input: CustomerSourceDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.customer_source_text_id, id, manager);
    await manager.query(
      `UPDATE customer_sources SET customer_source_text_id = $2, name = $3, last_change = now() WHERE customer_source_id = $1`,
      [id, input.customer_source_text_id, input.name.trim()],
    );
  }

  async setState(id: string, state: 0 | 1, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE customer_sources SET state = $2, last_change = now() WHERE customer_source_id = $1`, [id, state]);
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(
      `SELECT 1 FROM customer_sources WHERE customer_source_text_id = $1 AND customer_source_id IS DISTINCT FROM $2`,
      [textId, ownId],
    );
    if (clash)
      throw CommonException.invalid(
        'customer_source_text_id',
        InvalidReason.AlreadyExists,
        'Another customer source has this text id',
        textId,
      );
  }
}
