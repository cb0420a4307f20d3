import { DataSource, EntityManager } from 'typeorm';
import { pageInMemory, RankedRows } from '@tessera/core';
import { CommonException, InvalidParam, InvalidReason, Page, PageRequest, invalidParam } from '@tessera/http';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';
import { PROPERTY_DATA_TYPES, PropertyDataType } from './property-value';

export const PROPERTY_SORT_FIELDS = ['property_id', 'name', 'data_type', 'last_change', 'state'] as const;
export type PropertySortField = (typeof PROPERTY_SORT_FIELDS)[number];
/** Every field a catalogue ranks its properties by; its API may offer fewer (`PROPERTY_SORT_FIELDS`). */
export const ALL_PROPERTY_SORT_FIELDS = [...PROPERTY_SORT_FIELDS, 'description', 'is_required', 'is_unique'] as const;
export type AnyPropertySortField = (typeof ALL_PROPERTY_SORT_FIELDS)[number];

/** The `state` of properties and their items: removed ones keep their rows. */
export const PROPERTY_STATE = { Deleted: 0, Active: 1 } as const;

export interface PropertyItemRow {
  id: string;
  name: string;
  resource_record_id: string | null;
  state: number;
}

/** A property definition with its items, as the catalogues answer it. */
export interface PropertyRow {
  property_id: string;
  name: string;
  description: string | null;
  data_type: PropertyDataType;
  is_required: boolean;
  is_unique: boolean;
  state: number;
  last_change: Date;
  items: PropertyItemRow[];
}

/** A property as the operator defines it: the whole definition, items included. */
export interface PropertyDefinition {
  propertyId: string;
  name: string;
  description?: string;
  dataType: string;
  isRequired: boolean;
  isUnique: boolean;
  items: { id: string; name: string; resourceRecordId?: string }[];
}

/** Where one kind of property lives. Table names are constants of the code, never input. */
export interface PropertyCatalogueTables {
  /** The API resource, named in not-found answers (`partner-properties`). */
  resource: string;
  properties: string;
  items: string;
  /** A query answering a row when some record holds a value of property `$1`. */
  valuesOf: string;
  /** Whether a definition may be unique: false where nothing would enforce it. */
  uniqueAllowed: boolean;
  /** The data types its properties may take; `PROPERTY_DATA_TYPES` unless given. */
  dataTypes?: readonly string[];
  /** Who holds the values, as refusals name them (`Events`); `Records` unless given. */
  valueHolders?: string;
  /**
   * Where two catalogues share their tables (rewards' and vouchers'): the column telling them apart and
   * this catalogue's value of it. Its properties and items are keyed by it beside their ids.
   */
  scope?: { column: string; value: string };
}

/** Data types whose values are ids of the property's items. */
const ITEM_DATA_TYPES: readonly string[] = ['enum', 'multiselect'];
/** New ids appear in API paths, so they stay short and to letters, digits and a few separators. */
const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
const MAX_PROPERTY_ID_LENGTH = 64;
const MAX_ITEM_ID_LENGTH = 32;

/** How a kind of property is checked: see `PropertyCatalogueTables`. */
export interface PropertyDefinitionRules {
  /** Whether the property is new: the id's format binds new properties only. */
  isNew: boolean;
  uniqueAllowed: boolean;
  dataTypes?: readonly string[];
}

/**
 * What is wrong with a definition on its own (ids, names, a known data type, items exactly for enum
 * and multiselect, each id once); each problem names its field. The id's format binds new properties
 * only: ids that stored values already used (products) stay definable as they are.
 */
export function propertyDefinitionProblems(
  definition: PropertyDefinition,
  { isNew, uniqueAllowed, dataTypes = PROPERTY_DATA_TYPES }: PropertyDefinitionRules,
): InvalidParam[] {
  const problems: InvalidParam[] = [];
  const idProblem = isNew ? idFormatProblem(definition.propertyId, MAX_PROPERTY_ID_LENGTH) : null;
  if (idProblem) problems.push(invalidParam('property_id', InvalidReason.InvalidValueFormat, idProblem, definition.propertyId));
  if (definition.name.trim() === '') problems.push(invalidParam('name', InvalidReason.Empty, 'The property needs a name'));
  if (!dataTypes.includes(definition.dataType)) {
    problems.push(
      invalidParam(
        'data_type',
        InvalidReason.NotAllowedValue,
        `The data type must be one of: ${dataTypes.join(', ')}`,
        definition.dataType,
      ),
    );
  } else if (ITEM_DATA_TYPES.includes(definition.dataType)) {
    if (definition.items.length === 0)
      problems.push(invalidParam('items', InvalidReason.Required, `An ${definition.dataType} property needs at least one item`));
  } else if (definition.items.length > 0) {
    problems.push(invalidParam('items', InvalidReason.NotAllowedValue, 'Only enum and multiselect properties have items'));
  }
  if (definition.isUnique && !uniqueAllowed) {
    problems.push(
      invalidParam('is_unique', InvalidReason.NotAllowedValue, 'Values of these properties are not checked for uniqueness', 'true'),
    );
  }
  const seen = new Set<string>();
  for (const [index, item] of definition.items.entries()) {
    const itemIdProblem = idFormatProblem(item.id, MAX_ITEM_ID_LENGTH);
    if (itemIdProblem) problems.push(invalidParam(`items.${index}.id`, InvalidReason.InvalidValueFormat, itemIdProblem, item.id));
    else if (seen.has(item.id))
      problems.push(invalidParam(`items.${index}.id`, InvalidReason.NotAllowedValue, 'The item is given more than once', item.id));
    seen.add(item.id);
    if (item.name.trim() === '') problems.push(invalidParam(`items.${index}.name`, InvalidReason.Empty, 'The item needs a name', item.id));
  }
  return problems;
}

function idFormatProblem(id: string, maxLength: number): string | null {
  if (id.length > maxLength) return `The id may have at most ${maxLength} characters`;
  return ID_PATTERN.test(id) ? null : 'The id may contain only letters, digits, _, . and -';
}

interface CatalogueSnapshot {
  ranked: RankedRows<PropertyRow, AnyPropertySortField>;
  byId: ReadonlyMap<string, PropertyRow>;
}

type LoadedRow = PropertyRow & Record<`${AnyPropertySortField}_place`, string>;

/**
 * One catalogue of property definitions (partner, product...): the API lists and reads it from memory,
 * the operator defines and removes its entries. A removed property keeps its row (state 0), as stored
 * values may name it, and defining it again restores it.
 */
export class PropertyCatalogue {
  private readonly snapshot: MemorySnapshot<CatalogueSnapshot>;
  /** ` AND <scope column> = '<value>'`, or nothing: code constants, never input. */
  private readonly inScope: (alias?: string) => string;

  constructor(
    changes: ChangeFeed,
    private readonly dataSource: DataSource,
    readonly tables: PropertyCatalogueTables,
  ) {
    this.snapshot = new MemorySnapshot(changes, [tables.properties, tables.items], (manager) => this.load(manager));
    const { scope } = tables;
    this.inScope = (alias) => (scope ? ` AND ${alias ? `${alias}.` : ''}${scope.column} = '${scope.value}'` : '');
  }

  /** `name`: part of the name, without regard to letter case. */
  async list(filter: { name?: string }, page: PageRequest<AnyPropertySortField>): Promise<Page<PropertyRow>> {
    const name = filter.name?.toLowerCase();
    return this.listWhere((row) => !name || row.name.toLowerCase().includes(name), page);
  }

  /** The properties `matches` keeps, in any state. */
  async listWhere(matches: (row: PropertyRow) => boolean, page: PageRequest<AnyPropertySortField>): Promise<Page<PropertyRow>> {
    return pageInMemory((await this.snapshot.get()).ranked, matches, page);
  }

  /** The property in any state; 404 when there is none. */
  async get(propertyId: string): Promise<PropertyRow> {
    const row = (await this.snapshot.get()).byId.get(propertyId);
    if (!row) throw CommonException.recordNotFound(this.tables.resource, propertyId);
    return row;
  }

  /** Every property, removed ones included, by id. */
  async all(): Promise<ReadonlyMap<string, PropertyRow>> {
    return (await this.snapshot.get()).byId;
  }

  /**
   * Creates a property or replaces its whole definition, making it active again if it was removed. The
   * items given are its active items; items it had and no longer lists are marked removed, as stored
   * values may name them. The data type may change only while no record has a value of the property.
   */
  async define(definition: PropertyDefinition): Promise<'created' | 'updated'> {
    return this.dataSource.transaction(async (m) => {
      const existed = await this.write(definition, m, { restore: true });
      return existed ? 'updated' : 'created';
    });
  }

  /** Creates the property in the caller's transaction; another property with its id is refused, naming property_id. */
  async insertIn(definition: PropertyDefinition, m: EntityManager): Promise<void> {
    const [clash] = await m.query<unknown[]>(`SELECT 1 FROM ${this.tables.properties} WHERE property_id = $1${this.inScope()}`, [
      definition.propertyId,
    ]);
    if (clash)
      throw CommonException.invalid('property_id', InvalidReason.AlreadyExists, 'Another property has this id', definition.propertyId);
    await this.write(definition, m, { restore: false });
  }

  /** Replaces the definition in the caller's transaction, leaving its state alone; its id never changes, as stored values name it. */
  async updateIn(propertyId: string, definition: PropertyDefinition, m: EntityManager): Promise<void> {
    if (definition.propertyId !== propertyId)
      throw CommonException.invalid('property_id', InvalidReason.NotAllowedValue, 'A property keeps its id', definition.propertyId);
    await this.write(definition, m, { restore: false });
  }

  async setStateIn(propertyId: string, state: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE ${this.tables.properties} SET state = $2, last_change = now() WHERE property_id = $1${this.inScope()}`, [
      propertyId,
      state,
    ]);
  }

  /** Checks and upserts the definition with its items; `restore` makes a removed property active again. True when it existed. */
  private async write(definition: PropertyDefinition, m: EntityManager, { restore }: { restore: boolean }): Promise<boolean> {
    const { properties, scope } = this.tables;
    const [existing]: { data_type: string }[] = await m.query(
      `SELECT data_type FROM ${properties} WHERE property_id = $1${this.inScope()} FOR UPDATE`,
      [definition.propertyId],
    );
    const problems = propertyDefinitionProblems(definition, { ...this.tables, isNew: !existing });
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    if (
      existing &&
      existing.data_type !== definition.dataType &&
      (await m.query<unknown[]>(this.tables.valuesOf, [definition.propertyId])).length > 0
    ) {
      throw CommonException.invalid(
        'data_type',
        InvalidReason.NotAllowedValue,
        `${this.tables.valueHolders ?? 'Records'} already have values of this property as ${existing.data_type}`,
        definition.dataType,
      );
    }
    await m.query(
      `INSERT INTO ${properties} (${scope ? `${scope.column}, ` : ''}property_id, name, description, data_type, is_required, is_unique)
       VALUES (${scope ? `'${scope.value}', ` : ''}$1, $2, $3, $4, $5, $6)
       ON CONFLICT (${scope ? `${scope.column}, ` : ''}property_id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, data_type = EXCLUDED.data_type,
         is_required = EXCLUDED.is_required, is_unique = EXCLUDED.is_unique,
         state = ${restore ? PROPERTY_STATE.Active : `${properties}.state`}, last_change = now()`,
      [
        definition.propertyId,
        definition.name.trim(),
        definition.description ?? null,
        definition.dataType,
        definition.isRequired,
        definition.isUnique,
      ],
    );
    await this.replaceItems(definition, m);
    return Boolean(existing);
  }

  /** Marks the property removed; false when it was removed already, 404 when there is none. */
  async remove(propertyId: string): Promise<boolean> {
    // Through a CTE: TypeORM answers a bare UPDATE with [rows, count] rather than the rows.
    const [{ removed }]: { removed: number }[] = await this.dataSource.query(
      `WITH updated AS (UPDATE ${this.tables.properties} SET state = ${PROPERTY_STATE.Deleted}, last_change = now()
                        WHERE property_id = $1${this.inScope()} AND state <> ${PROPERTY_STATE.Deleted} RETURNING 1)
       SELECT count(*)::int AS removed FROM updated`,
      [propertyId],
    );
    if (removed > 0) return true;
    await this.get(propertyId);
    return false;
  }

  /**
   * Upserts the definition's items and marks its other items removed. An item id belongs to one
   * property: the upsert leaves another property's item alone and the id is refused.
   */
  private async replaceItems(definition: PropertyDefinition, m: EntityManager): Promise<void> {
    const { items, scope } = this.tables;
    const ids = definition.items.map((item) => item.id);
    const written: { id: string }[] = await m.query(
      `INSERT INTO ${items} (${scope ? `${scope.column}, ` : ''}id, property_id, name, resource_record_id)
       SELECT ${scope ? `'${scope.value}', ` : ''}id, $1, name, resource_record_id
         FROM unnest($2::text[], $3::text[], $4::text[]) AS u(id, name, resource_record_id)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, resource_record_id = EXCLUDED.resource_record_id, state = ${PROPERTY_STATE.Active}
         WHERE ${items}.property_id = EXCLUDED.property_id${scope ? ` AND ${items}.${scope.column} = EXCLUDED.${scope.column}` : ''}
       RETURNING id`,
      [
        definition.propertyId,
        ids,
        definition.items.map((item) => item.name.trim()),
        definition.items.map((item) => item.resourceRecordId ?? null),
      ],
    );
    const writtenIds = new Set(written.map((row) => row.id));
    const foreign = definition.items.flatMap((item, index) =>
      writtenIds.has(item.id)
        ? []
        : [invalidParam(`items.${index}.id`, InvalidReason.AlreadyExists, 'Another property has an item with this id', item.id)],
    );
    if (foreign.length > 0) throw CommonException.invalidParams(foreign);
    await m.query(
      `UPDATE ${items} SET state = ${PROPERTY_STATE.Deleted}
        WHERE property_id = $1${this.inScope()} AND NOT (id = ANY($2)) AND state <> ${PROPERTY_STATE.Deleted}`,
      [definition.propertyId, ids],
    );
  }

  /** Every property with its items, and its place in the database's order of each sort field (ties by id). */
  private async load(manager: EntityManager): Promise<CatalogueSnapshot> {
    const { properties: table, items } = this.tables;
    const placeOf = (column: string) => `row_number() OVER (ORDER BY p.${column}, p.property_id)`;
    const rows: LoadedRow[] = await manager.query(
      `SELECT p.property_id, p.name, p.description, p.data_type, p.is_required, p.is_unique, p.state, p.last_change,
              coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'resource_record_id', i.resource_record_id, 'state', i.state)
                                        ORDER BY i.id)
                          FROM ${items} i WHERE i.property_id = p.property_id${this.inScope('i')}), '[]') AS items,
              ${ALL_PROPERTY_SORT_FIELDS.map((field) => `${placeOf(field)} AS ${field}_place`).join(', ')}
         FROM ${table} p
        WHERE true${this.inScope('p')}
        ORDER BY p.property_id`,
    );
    const properties = rows.map(({ property_id, name, description, data_type, is_required, is_unique, state, last_change, items }) => ({
      property_id,
      name,
      description,
      data_type,
      is_required,
      is_unique,
      state,
      last_change,
      items,
    }));
    const places = {} as Record<AnyPropertySortField, Map<PropertyRow, number>>;
    for (const field of ALL_PROPERTY_SORT_FIELDS) {
      places[field] = new Map(properties.map((property, index) => [property, Number(rows[index][`${field}_place`])]));
    }
    return { ranked: { rows: properties, places }, byId: new Map(properties.map((row) => [row.property_id, row])) };
  }
}
