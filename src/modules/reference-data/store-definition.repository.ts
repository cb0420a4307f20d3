import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { definitionAddress } from './definition-address';
import { StoreDefinitionDto, StoreDefinitionViewDto } from './dto/store-definition.dto';
import { storeOfJson, StoreJson } from './store.mapper';
import { StoreService } from './store.service';

interface StoreRow {
  store_id: string;
  store_code: string;
  store: StoreJson;
  store_group_ids: string[];
}

const DEACTIVATED = 0;

/** The store's columns and its groups, as one row; the id and code also apart, for a list to page by. */
const STORE_COLUMNS = `s.store_id, s.store_code, to_jsonb(s) AS store,
        coalesce((SELECT array_agg(r.store_group_id ORDER BY r.store_group_id) FROM store_group_records r WHERE r.store_id = s.store_id), '{}') AS store_group_ids`;

function toView(row: StoreRow): StoreDefinitionViewDto {
  const store = storeOfJson(row.store);
  return {
    store_id: store.id,
    store_code: store.storeCode,
    name: store.name,
    partner_id: store.partnerId,
    system_id: store.systemId,
    store_address: definitionAddress(store),
    contact_email: store.contactEmail,
    manager_name: store.managerName,
    phone_number: store.phoneNumber,
    gps_coordinates:
      store.gpsLongitude === null || store.gpsLatitude === null
        ? null
        : { gps_longitude: Number(store.gpsLongitude), gps_latitude: Number(store.gpsLatitude) },
    url_address: store.urlAddress,
    opening: store.opening,
    short_description: store.shortDescription,
    description: store.description,
    registration_id: store.registrationId,
    store_group_ids: row.store_group_ids,
    state: store.state,
    last_change: store.lastChange.toISOString(),
  };
}

/** Stores as the operator defines them, with the groups each belongs to: found by id or store code. */
@Injectable()
export class StoreDefinitionRepository implements DefinitionStore<StoreDefinitionDto, StoreDefinitionViewDto> {
  readonly kind = 'store';
  readonly resource = 'stores';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stores: StoreService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<StoreDefinitionViewDto>> {
    const found = await queryRowPage<StoreRow>(
      this.dataSource,
      {
        columns: STORE_COLUMNS,
        from: 'stores s',
        conditions: ['($1::text IS NULL OR s.store_code ILIKE $1 OR s.name ILIKE $1)', '($2::smallint IS NULL OR s.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['store_code'],
        id: 'store_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<StoreDefinitionViewDto | null> {
    const [row] = await manager.query<StoreRow[]>(
      `SELECT ${STORE_COLUMNS} FROM stores s WHERE s.store_id = $1 OR s.store_code = $1 ORDER BY s.store_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: StoreDefinitionViewDto): string {
    return view.store_id;
  }

  async insert(input: StoreDefinitionDto, manager: EntityManager): Promise<string> {
    const id = await this.stores.create(input, manager, '');
    await this.setGroups(id, input.store_group_ids ?? [], manager);
    return id;
  }

  async update(id: string, input: StoreDefinitionDto, manager: EntityManager): Promise<void> {
    await this.stores.replace(id, input, manager, '');
    await this.setGroups(id, input.store_group_ids ?? [], manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE stores SET state = $2, last_change = now() WHERE store_id = $1`, [id, state]);
  }

  /** Makes the store's groups exactly these; it may stay in a group deactivated since, but joins no such group. */
  private async setGroups(storeId: string, groupIds: string[], manager: EntityManager): Promise<void> {
    const groups = await manager.query<{ store_group_id: string; state: number; member: boolean }[]>(
      `SELECT g.store_group_id, g.state,
              EXISTS (SELECT 1 FROM store_group_records r WHERE r.store_id = $2 AND r.store_group_id = g.store_group_id) AS member
         FROM store_groups g WHERE g.store_group_id = ANY($1)`,
      [groupIds, storeId],
    );
    const known = new Map(groups.map((group) => [group.store_group_id, group]));
    for (const groupId of groupIds) {
      const group = known.get(groupId);
      if (!group) throw CommonException.invalid('store_group_ids', InvalidReason.NotFound, 'No store group has this id', groupId);
      if (group.state === DEACTIVATED && !group.member)
        throw CommonException.invalid('store_group_ids', InvalidReason.NotAllowedValue, 'The store group is deactivated', groupId);
    }
    await manager.query(`DELETE FROM store_group_records WHERE store_id = $1 AND NOT (store_group_id = ANY($2))`, [storeId, groupIds]);
    for (const groupId of groupIds) {
      await manager.query(
        `INSERT INTO store_group_records (store_group_record_id, store_id, store_group_id) VALUES ($1, $2, $3)
         ON CONFLICT (store_id, store_group_id) DO NOTHING`,
        [newId(), storeId, groupId],
      );
    }
  }
}
