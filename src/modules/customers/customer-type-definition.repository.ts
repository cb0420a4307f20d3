import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CustomerTypeDefinitionDto, CustomerTypeDefinitionViewDto } from './dto/customer-type-definition.dto';

interface CustomerTypeRow {
  type_id: string;
  text_id: string;
  name: string;
  state: number;
  last_change: Date;
}

const toView = (row: CustomerTypeRow): CustomerTypeDefinitionViewDto => ({
  type_id: row.type_id,
  text_id: row.text_id,
  name: row.name,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Customer types as the operator defines them: found by id or text id. */
@Injectable()
export class CustomerTypeDefinitionRepository implements DefinitionStore<CustomerTypeDefinitionDto, CustomerTypeDefinitionViewDto> {
  readonly kind = 'customer_type';
  readonly resource = 'customer-types';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CustomerTypeDefinitionViewDto>> {
    const found = await queryRowPage<CustomerTypeRow>(
      this.dataSource,
      {
        columns: 'type_id, text_id, name, state, last_change',
        from: 'customer_types',
        conditions: ['($1::text IS NULL OR text_id ILIKE $1 OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CustomerTypeDefinitionViewDto | null> {
    const [row] = await manager.query<CustomerTypeRow[]>(
      `SELECT type_id, text_id, name, state, last_change FROM customer_types WHERE type_id = $1 OR text_id = $1 ORDER BY type_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: CustomerTypeDefinitionViewDto): string {
    return view.type_id;
  }

  async insert(input: CustomerTypeDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO customer_types (type_id, text_id, name) VALUES ($1, $2, $3)`, [id, input.text_id, input.name.trim()]);
    return id;
  }

  async update(id: string, input: CustomerTypeDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id, id, manager);
    await manager.query(`UPDATE customer_types SET text_id = $2, name = $3, last_change = now() WHERE type_id = $1`, [
      id,
      input.text_id,
      input.name.trim(),
    ]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE customer_types SET state = $2, last_change = now() WHERE type_id = $1`, [id, state]);
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM customer_types WHERE text_id = $1 AND type_id IS DISTINCT FROM $2`, [
      textId,
      ownId,
    ]);
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another customer type has this text id', textId);
  }
}
