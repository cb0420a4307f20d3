import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CustomerRelationTypeDefinitionDto, CustomerRelationTypeDefinitionViewDto } from './dto/customer-relation-type-definition.dto';

interface RelationTypeRow {
  customer_relation_type_id: string;
  name: string;
  state: number;
  last_change: Date;
}

const toView = ({ last_change, ...row }: RelationTypeRow): CustomerRelationTypeDefinitionViewDto => ({
  ...row,
  last_change: new Date(last_change).toISOString(),
});

const COLUMNS = `customer_relation_type_id, name, state, last_change`;

/** Kinds of relation between customer accounts as the operator defines them, found by id (they have no other key). */
@Injectable()
export class CustomerRelationTypeDefinitionRepository implements DefinitionStore<
  CustomerRelationTypeDefinitionDto,
  CustomerRelationTypeDefinitionViewDto
> {
  readonly kind = 'customer_relation_type';
  readonly resource = 'customer-relation-types';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CustomerRelationTypeDefinitionViewDto>> {
    const found = await queryRowPage<RelationTypeRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'customer_relation_types',
        conditions: ['($1::text IS NULL OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'customer_relation_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CustomerRelationTypeDefinitionViewDto | null> {
    const [row] = await manager.query<RelationTypeRow[]>(
      `SELECT ${COLUMNS} FROM customer_relation_types WHERE customer_relation_type_id = $1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: CustomerRelationTypeDefinitionViewDto): string {
    return view.customer_relation_type_id;
  }

  async insert(input: CustomerRelationTypeDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    await manager.query(`INSERT INTO customer_relation_types (customer_relation_type_id, name) VALUES ($1, $2)`, [id, input.name]);
    return id;
  }

  async update(id: string, input: CustomerRelationTypeDefinitionDto, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE customer_relation_types SET name = $2, last_change = now() WHERE customer_relation_type_id = $1`, [
      id,
      input.name,
    ]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE customer_relation_types SET state = $2, last_change = now() WHERE customer_relation_type_id = $1`, [
      id,
      state,
    ]);
  }
}
