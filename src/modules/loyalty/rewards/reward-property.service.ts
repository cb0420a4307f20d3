import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { likePattern } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';

export const REWARD_PROPERTY_SORT_FIELDS = ['property_id', 'name', 'data_type', 'last_change'] as const;
export type RewardPropertySortField = (typeof REWARD_PROPERTY_SORT_FIELDS)[number];

/** Which resource a property describes. */
export type PropertyResource = 'reward' | 'voucher';

export interface PropertyRow {
  property_id: string;
  name: string;
  description: string | null;
  data_type: string;
  items: { id: string; name: string; resource_record_id: string | null; state: number }[];
  is_required: boolean;
  is_unique: boolean;
  last_change: Date;
  state: number;
}

export interface PropertyRecordRow {
  owner_id: string;
  property_id: string;
  property_name: string;
  property_value: unknown;
  last_change: Date;
}

const PROPERTY_SELECT = `SELECT p.property_id, p.name, p.description, p.data_type, p.is_required, p.is_unique, p.last_change, p.state,
  coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'resource_record_id', i.resource_record_id, 'state', i.state) ORDER BY i.id)
            FROM reward_property_items i WHERE i.resource = p.resource AND i.property_id = p.property_id), '[]') AS items
  FROM reward_properties p`;

/**
 * Additional properties of rewards and vouchers. The operator defines them and their values in the
 * database (the API only reads them), like the other definitions of the project.
 */
@Injectable()
export class RewardPropertyService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(
    resource: PropertyResource,
    filter: { name?: string },
    page: PageRequest<RewardPropertySortField>,
  ): Promise<Page<PropertyRow>> {
    const params: unknown[] = [resource];
    let where = 'p.resource = $1';
    if (filter.name) {
      params.push(likePattern(filter.name));
      where += ` AND p.name ILIKE $2`;
    }
    const order = page.sortField && page.sortField !== 'property_id' ? `p.${page.sortField} ${page.sortDirection}, ` : '';
    params.push(page.limit, page.offset);
    const rows: PropertyRow[] = await this.dataSource.query(
      `${PROPERTY_SELECT} WHERE ${where} ORDER BY ${order}p.property_id ${page.sortDirection} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const counted: { total: string }[] = await this.dataSource.query(
      `SELECT count(*)::text AS total FROM reward_properties p WHERE ${where}`,
      params.slice(0, -2),
    );
    return { items: rows, total: Number(counted[0].total) };
  }

  async get(resource: PropertyResource, propertyId: string): Promise<PropertyRow> {
    const rows: PropertyRow[] = await this.dataSource.query(`${PROPERTY_SELECT} WHERE p.resource = $1 AND p.property_id = $2`, [
      resource,
      propertyId,
    ]);
    if (rows.length === 0) throw CommonException.recordNotFound(`${resource}-properties`, propertyId);
    return rows[0];
  }

  /** Property values of several rewards or vouchers, in one query. */
  async records(resource: PropertyResource, ownerIds: string[]): Promise<PropertyRecordRow[]> {
    if (ownerIds.length === 0) return [];
    const [table, owner] = resource === 'reward' ? ['reward_property_records', 'reward_id'] : ['voucher_property_records', 'voucher_id'];
    return this.dataSource.query(
      `SELECT r.${owner} AS owner_id, r.property_id, p.name AS property_name, r.property_value, r.last_change
       FROM ${table} r JOIN reward_properties p ON p.resource = r.resource AND p.property_id = r.property_id
       WHERE r.${owner} = ANY($1) ORDER BY r.property_id`,
      [ownerIds],
    );
  }
}
