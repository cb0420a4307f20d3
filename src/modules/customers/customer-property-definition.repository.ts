import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest, invalidParam } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { propertyDefinitionProblems, PropertyItemRow } from '../reference-data';
import { CustomerPropertyDefinitionDto, CustomerPropertyDefinitionViewDto } from './dto/customer-property-definition.dto';

interface PropertyRow {
  property_id: string;
  name: string;
  data_type: string;
  is_required: boolean;
  is_unique: boolean;
  state: number;
  last_change: Date;
  items: PropertyItemRow[];
}

/** Deactivated items stay for the values that name them, but are no longer part of the definition. */
const toView = (row: PropertyRow): CustomerPropertyDefinitionViewDto => ({
  property_id: row.property_id,
  name: row.name,
  data_type: row.data_type,
  is_required: row.is_required,
  is_unique: row.is_unique,
  items: row.items
    .filter((item) => item.state === 1)
    .map((item) => ({ id: item.id, name: item.name, resource_record_id: item.resource_record_id })),
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const PROPERTY_COLUMNS = `
  p.property_id, p.name, p.data_type, p.is_required, p.is_unique, p.state, p.last_change,
         coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'resource_record_id', i.resource_record_id, 'state', i.state)
                                   ORDER BY i.id)
                     FROM customer_property_items i WHERE i.property_id = p.property_id), '[]') AS items`;

/** Customer properties as the operator defines them: found by their readable id (decision 31), items included. */
@Injectable()
export class CustomerPropertyDefinitionRepository implements DefinitionStore<
  CustomerPropertyDefinitionDto,
  CustomerPropertyDefinitionViewDto
> {
  readonly kind = 'customer_property';
  readonly resource = 'customer-properties';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CustomerPropertyDefinitionViewDto>> {
    const found = await queryRowPage<PropertyRow>(
      this.dataSource,
      {
        columns: PROPERTY_COLUMNS,
        from: 'customer_properties p',
        conditions: ['($1::text IS NULL OR p.property_id ILIKE $1 OR p.name ILIKE $1)', '($2::smallint IS NULL OR p.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: [],
        id: 'property_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CustomerPropertyDefinitionViewDto | null> {
    const [row] = await manager.query<PropertyRow[]>(`SELECT ${PROPERTY_COLUMNS} FROM customer_properties p WHERE p.property_id = $1`, [
      key,
    ]);
    return row ? toView(row) : null;
  }

  idOf(view: CustomerPropertyDefinitionViewDto): string {
    return view.property_id;
  }

  async insert(input: CustomerPropertyDefinitionDto, manager: EntityManager): Promise<string> {
    this.assertWellFormed(input, true);
    const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM customer_properties WHERE property_id = $1`, [input.property_id]);
    if (clash) throw CommonException.invalid('property_id', InvalidReason.AlreadyExists, 'Another property has this id', input.property_id);
    await manager.query(
      `INSERT INTO customer_properties (property_id, name, data_type, is_required, is_unique) VALUES ($1, $2, $3, $4, $5)`,
      [input.property_id, input.name.trim(), input.data_type, input.is_required ?? false, input.is_unique ?? false],
    );
    await this.replaceItems(input, manager);
    return input.property_id;
  }

  /** The id stays: customers' values name it. The data type changes only while no customer holds a value. */
  async update(id: string, input: CustomerPropertyDefinitionDto, manager: EntityManager): Promise<void> {
    if (input.property_id !== id)
      throw CommonException.invalid('property_id', InvalidReason.NotAllowedValue, 'A property keeps its id', input.property_id);
    this.assertWellFormed(input, false);
    const [current] = await manager.query<{ data_type: string }[]>(
      `SELECT data_type FROM customer_properties WHERE property_id = $1 FOR UPDATE`,
      [id],
    );
    if (current.data_type !== input.data_type) {
      const [held] = await manager.query<unknown[]>(`SELECT 1 FROM customer_property_records WHERE property_id = $1 LIMIT 1`, [id]);
      if (held)
        throw CommonException.invalid(
          'data_type',
          InvalidReason.NotAllowedValue,
          `Customers already hold values of this property as ${current.data_type}`,
          input.data_type,
        );
    }
    await manager.query(
      `UPDATE customer_properties SET name = $2, data_type = $3, is_required = $4, is_unique = $5, last_change = now() WHERE property_id = $1`,
      [id, input.name.trim(), input.data_type, input.is_required ?? false, input.is_unique ?? false],
    );
    await this.replaceItems(input, manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE customer_properties SET state = $2, last_change = now() WHERE property_id = $1`, [id, state]);
  }

  private assertWellFormed(input: CustomerPropertyDefinitionDto, isNew: boolean): void {
    const problems = propertyDefinitionProblems(
      {
        propertyId: input.property_id,
        name: input.name,
        dataType: input.data_type,
        isRequired: input.is_required ?? false,
        isUnique: input.is_unique ?? false,
        items: (input.items ?? []).map((item) => ({ id: item.id, name: item.name })),
      },
      { isNew, uniqueAllowed: true },
    );
    if (problems.length > 0) throw CommonException.invalidParams(problems);
  }

  /**
   * Upserts the given items as the active ones and deactivates the rest, as customers' values may
   * name them. An item id belongs to one property: another property's item is refused.
   */
  private async replaceItems(input: CustomerPropertyDefinitionDto, manager: EntityManager): Promise<void> {
    const items = input.items ?? [];
    const ids = items.map((item) => item.id);
    const written = await manager.query<{ id: string }[]>(
      `INSERT INTO customer_property_items (id, property_id, name, resource_record_id)
       SELECT id, $1, name, resource_record_id FROM unnest($2::text[], $3::text[], $4::text[]) AS u(id, name, resource_record_id)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, resource_record_id = EXCLUDED.resource_record_id, state = 1
         WHERE customer_property_items.property_id = EXCLUDED.property_id
       RETURNING id`,
      [input.property_id, ids, items.map((item) => item.name.trim()), items.map((item) => item.resource_record_id ?? null)],
    );
    const writtenIds = new Set(written.map((row) => row.id));
    const foreign = items.flatMap((item, index) =>
      writtenIds.has(item.id)
        ? []
        : [invalidParam(`items.${index}.id`, InvalidReason.AlreadyExists, 'Another property has an item with this id', item.id)],
    );
    if (foreign.length > 0) throw CommonException.invalidParams(foreign);
    await manager.query(`UPDATE customer_property_items SET state = 0 WHERE property_id = $1 AND NOT (id = ANY($2)) AND state <> 0`, [
      input.property_id,
      ids,
    ]);
  }
}
