import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern } from '@tessera/core';
import { CommonException, InvalidParam, InvalidReason, Page, PageRequest, invalidParam } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { ChangeFeed, MemorySnapshot } from '../../../platform/change-feed';
import { TimedPropertyDataType, validateTimedPropertyValue } from '../../reference-data';
import {
  PURCHASE_PROPERTY_RESOURCES,
  PurchasePropertyDefinition,
  PurchasePropertyResource,
  UniqueValue,
  purchasePropertyDefinitionProblems,
  repeatedUniqueValues,
  uniqueValueLockKey,
} from './purchase-property-definition';

export const PURCHASE_PROPERTY_SORT_FIELDS = ['property_id', 'name', 'data_type', 'last_change'] as const;
export type PurchasePropertySortField = (typeof PURCHASE_PROPERTY_SORT_FIELDS)[number];

export interface PurchasePropertyRow {
  resource: PurchasePropertyResource;
  property_id: string;
  name: string;
  data_type: string;
  items: { id: string; name: string; resource_record_id: string | null; state: number }[];
  is_required: boolean;
  is_unique: boolean;
  last_change: Date;
  state: number;
}

/** A property value as a request sends it. */
export interface PropertyRecordInput {
  property_id: string;
  property_value?: unknown;
}

/** The property values of one record of a request, and the name of their list in errors. */
export interface PropertyRecordList {
  records: PropertyRecordInput[];
  field: string;
}

/** A checked value, normalised for storage. */
export interface CheckedPropertyValue {
  propertyId: string;
  value: unknown;
}

/**
 * What a unique value is compared with: the values of every purchase that is not a cancellation,
 * except that a cancellation may repeat the values of the purchase it cancels (named by its bill_id).
 */
export interface UniqueValueScope {
  cancelsBillId?: string;
}

const DELETED = 0;
const ACTIVE = 1;

const PROPERTY_SELECT = `SELECT p.resource, p.property_id, p.name, p.data_type, p.is_required, p.is_unique, p.last_change, p.state,
  coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'resource_record_id', i.resource_record_id, 'state', i.state) ORDER BY i.id)
            FROM purchase_property_items i WHERE i.resource = p.resource AND i.property_id = p.property_id), '[]') AS items
  FROM purchase_properties p`;

/** The records a unique value may meet, per resource: each joined to its purchase. */
const RECORDS_WITH_PURCHASE: Record<PurchasePropertyResource, string> = {
  purchase: 'purchase_property_records r JOIN purchases p ON p.purchase_id = r.purchase_id',
  purchase_item: `purchase_item_property_records r JOIN purchase_items pi ON pi.purchase_item_id = r.purchase_item_id
                  JOIN purchases p ON p.purchase_id = pi.purchase_id`,
};

/** A property a request may send a value of, as its values are checked. */
interface UsableProperty {
  property_id: string;
  data_type: TimedPropertyDataType;
  is_required: boolean;
  is_unique: boolean;
  /** Its active items: the values an enum or multiselect property takes. */
  item_ids: string[];
}

/** One resource's property definitions as held in memory. */
interface ResourceProperties {
  /** Every property, deleted ones included, by id. */
  all: ReadonlyMap<string, PurchasePropertyRow>;
  /** The properties that are not deleted, by id. */
  usable: ReadonlyMap<string, UsableProperty>;
  /** Ids of the usable properties every record must have a value of. */
  required: readonly string[];
}

function resourceProperties(rows: PurchasePropertyRow[]): ResourceProperties {
  const usable = rows
    .filter((row) => row.state !== DELETED)
    .map((row): UsableProperty => ({
      property_id: row.property_id,
      data_type: row.data_type as TimedPropertyDataType,
      is_required: row.is_required,
      is_unique: row.is_unique,
      item_ids: row.items.filter((item) => item.state === ACTIVE).map((item) => item.id),
    }));
  return {
    all: new Map(rows.map((row) => [row.property_id, row])),
    usable: new Map(usable.map((property) => [property.property_id, property])),
    required: usable.filter((property) => property.is_required).map((property) => property.property_id),
  };
}

/** A checked value of a unique property, with where it sits in the request. */
interface UniqueCandidate extends UniqueValue {
  name: string;
}

/**
 * Additional properties of purchases and purchase items. The operator defines them through the
 * operator API and the CLI (the contract only reads the definitions); purchases carry values checked here.
 */
@Injectable()
export class PurchasePropertyService {
  /** Both resources' definitions: every bill's property values are checked against them. */
  private readonly definitions: MemorySnapshot<Record<PurchasePropertyResource, ResourceProperties>>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    changes: ChangeFeed,
  ) {
    this.definitions = new MemorySnapshot(changes, ['purchase_properties', 'purchase_property_items'], async (manager) => {
      const rows: PurchasePropertyRow[] = await manager.query(`${PROPERTY_SELECT} ORDER BY p.resource, p.property_id`);
      const of = (resource: PurchasePropertyResource) => resourceProperties(rows.filter((row) => row.resource === resource));
      return Object.fromEntries(PURCHASE_PROPERTY_RESOURCES.map((resource) => [resource, of(resource)])) as Record<
        PurchasePropertyResource,
        ResourceProperties
      >;
    });
  }

  async list(
    resource: PurchasePropertyResource,
    filter: { name?: string },
    page: PageRequest<PurchasePropertySortField>,
  ): Promise<Page<PurchasePropertyRow>> {
    const params: unknown[] = [resource];
    let where = 'p.resource = $1';
    if (filter.name) {
      params.push(likePattern(filter.name));
      where += ' AND p.name ILIKE $2';
    }
    const order = page.sortField && page.sortField !== 'property_id' ? `p.${page.sortField} ${page.sortDirection}, ` : '';
    params.push(page.limit, page.offset);
    const rows: PurchasePropertyRow[] = await this.dataSource.query(
      `${PROPERTY_SELECT} WHERE ${where} ORDER BY ${order}p.property_id ${page.sortDirection} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const counted: { total: string }[] = await this.dataSource.query(
      `SELECT count(*)::text AS total FROM purchase_properties p WHERE ${where}`,
      params.slice(0, -2),
    );
    return { items: rows, total: Number(counted[0].total) };
  }

  async get(resource: PurchasePropertyResource, propertyId: string): Promise<PurchasePropertyRow> {
    const row = (await this.definitions.get())[resource].all.get(propertyId);
    if (!row)
      throw CommonException.recordNotFound(resource === 'purchase' ? 'purchase-properties' : 'purchase-item-properties', propertyId);
    return row;
  }

  /** Creates the property in the caller's transaction; another property of the resource with its id is refused, naming property_id. */
  async insertIn(definition: PurchasePropertyDefinition, m: EntityManager): Promise<void> {
    const [clash] = await m.query<unknown[]>('SELECT 1 FROM purchase_properties WHERE resource = $1 AND property_id = $2', [
      definition.resource,
      definition.propertyId,
    ]);
    if (clash)
      throw CommonException.invalid('property_id', InvalidReason.AlreadyExists, 'Another property has this id', definition.propertyId);
    await this.write(definition, m);
  }

  /** Replaces the definition in the caller's transaction, leaving its state alone; its id never changes, as stored values name it. */
  async updateIn(propertyId: string, definition: PurchasePropertyDefinition, m: EntityManager): Promise<void> {
    if (definition.propertyId !== propertyId)
      throw CommonException.invalid('property_id', InvalidReason.NotAllowedValue, 'A property keeps its id', definition.propertyId);
    await this.write(definition, m);
  }

  /** Deleted (0): requests can no longer send it, while the values purchases have stay; active (1) again. */
  async setStateIn(resource: PurchasePropertyResource, propertyId: string, state: number, m: EntityManager): Promise<void> {
    await m.query('UPDATE purchase_properties SET state = $3, last_change = now() WHERE resource = $1 AND property_id = $2', [
      resource,
      propertyId,
      state,
    ]);
  }

  /**
   * Checks the property values a request sends under `field` against the definitions in memory: each
   * must name a property of the resource that is not deleted, at most once, with a value of its data type
   * (enum and multiselect values among its active items), and a unique property's value must be no other
   * purchase's. A value may be left out unless the property is required. Pass the booking transaction's
   * manager: the unique values stay locked until it ends, so a concurrent request with the same value
   * waits and then sees it.
   */
  async validateRecords(
    resource: PurchasePropertyResource,
    records: PropertyRecordInput[],
    field: string,
    manager?: EntityManager,
    uniqueness: UniqueValueScope = {},
  ): Promise<CheckedPropertyValue[]> {
    const [checked] = await this.validateRecordLists(resource, [{ records, field }], manager, uniqueness);
    return checked;
  }

  /**
   * `validateRecords` for several records of one request at once (the lines of a bill), so a unique
   * value may also not repeat between them.
   */
  async validateRecordLists(
    resource: PurchasePropertyResource,
    lists: PropertyRecordList[],
    manager?: EntityManager,
    uniqueness: UniqueValueScope = {},
  ): Promise<CheckedPropertyValue[][]> {
    const { usable, required } = (await this.definitions.get())[resource];
    const problems: InvalidParam[] = [];
    const unique: UniqueCandidate[] = [];
    const checked = lists.map((list) => {
      for (const propertyId of required) {
        if (!list.records.some((record) => record.property_id === propertyId)) {
          problems.push(invalidParam(list.field, InvalidReason.Required, `The required property ${propertyId} has no value`, propertyId));
        }
      }
      return this.checkList(list, usable, problems, unique);
    });
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    await this.assertUnique(resource, unique, manager, uniqueness);
    return checked;
  }

  /** Names of the resource's properties among `propertyIds`, by id. */
  async names(resource: PurchasePropertyResource, propertyIds: string[]): Promise<Map<string, string>> {
    if (propertyIds.length === 0) return new Map();
    const { all } = (await this.definitions.get())[resource];
    const names = new Map<string, string>();
    for (const propertyId of propertyIds) {
      const property = all.get(propertyId);
      if (property) names.set(propertyId, property.name);
    }
    return names;
  }

  /** Checks one list's records, adding what is wrong to `problems` and the values of unique properties to `unique`. */
  private checkList(
    list: PropertyRecordList,
    byId: ReadonlyMap<string, UsableProperty>,
    problems: InvalidParam[],
    unique: UniqueCandidate[],
  ): CheckedPropertyValue[] {
    const seen = new Set<string>();
    return list.records.map((record, index): CheckedPropertyValue => {
      const definition = byId.get(record.property_id);
      const name = `${list.field}.${index}`;
      if (!definition) {
        problems.push(invalidParam(`${name}.property_id`, InvalidReason.NotFound, 'No property has this id', record.property_id));
        return { propertyId: record.property_id, value: null };
      }
      if (seen.has(record.property_id)) {
        problems.push(
          invalidParam(`${name}.property_id`, InvalidReason.NotAllowedValue, 'The property is given more than once', record.property_id),
        );
      }
      seen.add(record.property_id);
      if (record.property_value === undefined || record.property_value === null) {
        if (definition.is_required)
          problems.push(invalidParam(`${name}.property_value`, InvalidReason.Required, 'The property needs a value'));
        return { propertyId: record.property_id, value: null };
      }
      const result = validateTimedPropertyValue(definition.data_type, record.property_value, definition.item_ids, this.config.timeZone);
      if (!result.ok) {
        problems.push(invalidParam(`${name}.property_value`, InvalidReason.InvalidValueFormat, result.message, record.property_value));
        return { propertyId: record.property_id, value: null };
      }
      if (definition.is_unique) unique.push({ propertyId: record.property_id, value: result.value, name: `${name}.property_value` });
      return { propertyId: record.property_id, value: result.value };
    });
  }

  /**
   * Refuses unique values the request repeats or another purchase (item) has. Each value is locked first,
   * in one order for every request so two requests never wait on each other crosswise.
   */
  private async assertUnique(
    resource: PurchasePropertyResource,
    unique: UniqueCandidate[],
    manager: EntityManager | undefined,
    uniqueness: UniqueValueScope,
  ): Promise<void> {
    if (unique.length === 0) return;
    const problems = repeatedUniqueValues(unique).map((index) =>
      invalidParam(unique[index].name, InvalidReason.AlreadyExists, 'Another record of this request has this value', unique[index].value),
    );
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    const runner = manager ?? this.dataSource;
    const keys = [...new Set(unique.map((value) => uniqueValueLockKey(resource, value)))].sort();
    await runner.query('SELECT pg_advisory_xact_lock(hashtext(k)) FROM unnest($1::text[]) AS k', [keys]);
    const taken: { n: string }[] = await runner.query(
      `SELECT u.n FROM unnest($1::text[], $2::jsonb[]) WITH ORDINALITY AS u(property_id, value, n)
       WHERE EXISTS (SELECT 1 FROM ${RECORDS_WITH_PURCHASE[resource]}
                     WHERE r.property_id = u.property_id AND r.property_value = u.value
                       AND NOT p.canceled AND p.external_purchase_id IS DISTINCT FROM $3)
       ORDER BY u.n`,
      [unique.map((value) => value.propertyId), unique.map((value) => JSON.stringify(value.value)), uniqueness.cancelsBillId ?? null],
    );
    if (taken.length === 0) return;
    const owner = resource === 'purchase' ? 'purchase' : 'purchase item';
    throw CommonException.invalidParams(
      taken.map(({ n }) => {
        const value = unique[Number(n) - 1];
        return invalidParam(value.name, InvalidReason.AlreadyExists, `Another ${owner} has this value`, value.value);
      }),
    );
  }

  /**
   * Checks and upserts the definition with its items, keeping a stored property's state. The items given
   * are its active items; items it had before and no longer lists are marked deleted, as stored values
   * may name them. The data type may change only while no purchase has a value of the property.
   */
  private async write(definition: PurchasePropertyDefinition, m: EntityManager): Promise<void> {
    const problems = purchasePropertyDefinitionProblems(definition);
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    const { resource, propertyId } = definition;
    const [existing]: { data_type: string }[] = await m.query(
      'SELECT data_type FROM purchase_properties WHERE resource = $1 AND property_id = $2 FOR UPDATE',
      [resource, propertyId],
    );
    if (existing && existing.data_type !== definition.dataType && (await this.hasValues(resource, propertyId, m))) {
      throw CommonException.invalid(
        'data_type',
        InvalidReason.NotAllowedValue,
        `Purchases already have values of this property as ${existing.data_type}`,
        definition.dataType,
      );
    }
    await m.query(
      `INSERT INTO purchase_properties (resource, property_id, name, data_type, is_required, is_unique) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (resource, property_id) DO UPDATE SET name = EXCLUDED.name, data_type = EXCLUDED.data_type, is_required = EXCLUDED.is_required,
         is_unique = EXCLUDED.is_unique, last_change = now()`,
      [resource, propertyId, definition.name.trim(), definition.dataType, definition.isRequired, definition.isUnique],
    );
    await this.replaceItems(definition, m);
  }

  private async hasValues(resource: PurchasePropertyResource, propertyId: string, m: EntityManager): Promise<boolean> {
    const table = resource === 'purchase' ? 'purchase_property_records' : 'purchase_item_property_records';
    const rows: unknown[] = await m.query(`SELECT 1 FROM ${table} WHERE property_id = $1 LIMIT 1`, [propertyId]);
    return rows.length > 0;
  }

  /**
   * Upserts the definition's items and marks its other items deleted. An item id belongs to one
   * property: the upsert leaves another property's item alone and the id is refused.
   */
  private async replaceItems(definition: PurchasePropertyDefinition, m: EntityManager): Promise<void> {
    const { resource, propertyId, items } = definition;
    const ids = items.map((item) => item.id);
    const written: { id: string }[] = await m.query(
      `INSERT INTO purchase_property_items (id, resource, property_id, name)
       SELECT id, $1, $2, name FROM unnest($3::text[], $4::text[]) AS u(id, name)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, state = ${ACTIVE}
         WHERE purchase_property_items.resource = EXCLUDED.resource AND purchase_property_items.property_id = EXCLUDED.property_id
       RETURNING id`,
      [resource, propertyId, ids, items.map((item) => item.name.trim())],
    );
    const writtenIds = new Set(written.map((row) => row.id));
    const foreign = items.flatMap((item, index) =>
      writtenIds.has(item.id)
        ? []
        : [invalidParam(`items.${index}.id`, InvalidReason.AlreadyExists, 'Another property has an item with this id', item.id)],
    );
    if (foreign.length > 0) throw CommonException.invalidParams(foreign);
    await m.query(
      `UPDATE purchase_property_items SET state = ${DELETED} WHERE resource = $1 AND property_id = $2 AND NOT (id = ANY($3)) AND state <> ${DELETED}`,
      [resource, propertyId, ids],
    );
  }
}
