import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern } from '../../../../libs/core/src';
import { CommonException, InvalidParam, InvalidReason, Page, PageRequest, invalidParam } from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PurchasePropertyDataType, validatePurchasePropertyValue } from './purchase-property-value';

export const PURCHASE_PROPERTY_SORT_FIELDS = ['property_id', 'name', 'data_type', 'last_change'] as const;
export type PurchasePropertySortField = (typeof PURCHASE_PROPERTY_SORT_FIELDS)[number];

/** Which record a property describes. */
export type PurchasePropertyResource = 'purchase' | 'purchase_item';

export interface PurchasePropertyRow {
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

/** A checked value, normalised for storage. */
export interface CheckedPropertyValue {
  propertyId: string;
  value: unknown;
}

const DELETED = 0;
const ACTIVE = 1;

const PROPERTY_SELECT = `SELECT p.property_id, p.name, p.data_type, p.is_required, p.is_unique, p.last_change, p.state,
  coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'resource_record_id', i.resource_record_id, 'state', i.state) ORDER BY i.id)
            FROM purchase_property_items i WHERE i.resource = p.resource AND i.property_id = p.property_id), '[]') AS items
  FROM purchase_properties p`;

/**
 * Additional properties of purchases and purchase items. The operator defines them in the database
 * (the API only reads the definitions); purchases carry values checked here.
 */
@Injectable()
export class PurchasePropertyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(resource: PurchasePropertyResource, filter: { name?: string }, page: PageRequest<PurchasePropertySortField>): Promise<Page<PurchasePropertyRow>> {
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
    const counted: { total: string }[] = await this.dataSource.query(`SELECT count(*)::text AS total FROM purchase_properties p WHERE ${where}`, params.slice(0, -2));
    return { items: rows, total: Number(counted[0].total) };
  }

  async get(resource: PurchasePropertyResource, propertyId: string): Promise<PurchasePropertyRow> {
    const rows: PurchasePropertyRow[] = await this.dataSource.query(`${PROPERTY_SELECT} WHERE p.resource = $1 AND p.property_id = $2`, [resource, propertyId]);
    if (rows.length === 0) throw CommonException.recordNotFound(resource === 'purchase' ? 'purchase-properties' : 'purchase-item-properties', propertyId);
    return rows[0];
  }

  /**
   * Checks the property values a request sends under `field` (one query): each must name a property of
   * the resource that is not deleted, at most once, with a value of its data type (enum and multiselect
   * values among its active items). A value may be left out unless the property is required.
   */
  async validateRecords(resource: PurchasePropertyResource, records: PropertyRecordInput[], field: string, manager?: EntityManager): Promise<CheckedPropertyValue[]> {
    if (records.length === 0) return [];
    const definitions: { property_id: string; data_type: PurchasePropertyDataType; is_required: boolean; item_ids: string[] }[] = await (manager ?? this.dataSource).query(
      `SELECT p.property_id, p.data_type, p.is_required,
         coalesce((SELECT array_agg(i.id) FROM purchase_property_items i
                   WHERE i.resource = p.resource AND i.property_id = p.property_id AND i.state = ${ACTIVE}), '{}') AS item_ids
       FROM purchase_properties p WHERE p.resource = $1 AND p.property_id = ANY($2) AND p.state <> ${DELETED}`,
      [resource, [...new Set(records.map((record) => record.property_id))]],
    );
    const byId = new Map(definitions.map((definition) => [definition.property_id, definition]));
    const problems: InvalidParam[] = [];
    const seen = new Set<string>();
    const checked = records.map((record, index): CheckedPropertyValue => {
      const definition = byId.get(record.property_id);
      const name = `${field}.${index}`;
      if (!definition) {
        problems.push(invalidParam(`${name}.property_id`, InvalidReason.NotFound, 'No property has this id', record.property_id));
        return { propertyId: record.property_id, value: null };
      }
      if (seen.has(record.property_id)) {
        problems.push(invalidParam(`${name}.property_id`, InvalidReason.NotAllowedValue, 'The property is given more than once', record.property_id));
      }
      seen.add(record.property_id);
      if (record.property_value === undefined || record.property_value === null) {
        if (definition.is_required) problems.push(invalidParam(`${name}.property_value`, InvalidReason.Required, 'The property needs a value'));
        return { propertyId: record.property_id, value: null };
      }
      const result = validatePurchasePropertyValue(definition.data_type, record.property_value, definition.item_ids, this.config.timeZone);
      if (!result.ok) {
        problems.push(invalidParam(`${name}.property_value`, InvalidReason.InvalidValueFormat, result.message, record.property_value));
        return { propertyId: record.property_id, value: null };
      }
      return { propertyId: record.property_id, value: result.value };
    });
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    return checked;
  }

  /** Names of the resource's properties among `propertyIds`, by id. */
  async names(resource: PurchasePropertyResource, propertyIds: string[]): Promise<Map<string, string>> {
    if (propertyIds.length === 0) return new Map();
    const rows: { property_id: string; name: string }[] = await this.dataSource.query(
      'SELECT property_id, name FROM purchase_properties WHERE resource = $1 AND property_id = ANY($2)',
      [resource, [...new Set(propertyIds)]],
    );
    return new Map(rows.map((row) => [row.property_id, row.name]));
  }
}
