import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { fetchPage, newId, within } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest, postalAddressColumns, PostalAddressDto } from '@tessera/http';
import { ChangeFeed, MemorySnapshot, snapshotById } from '../../platform/change-feed';
import { CountryService } from './country.service';
import { StoreDto } from './dto/store.dto';
import { PartnerEntity } from './entities/partner.entity';
import { StoreGroupRecordEntity } from './entities/store-group-record.entity';
import { StorePropertyRecordEntity } from './entities/store-property-record.entity';
import { OpeningDay, StoreEntity } from './entities/store.entity';
import { validatePropertyValue } from './property-value';
import { PROPERTY_STATE } from './property-catalogue';
import { toStoreDto } from './store.mapper';
import { StorePropertyService } from './store-property.service';

/** Kept for the records that point at it, offered for nothing new (decision 35). */
const DEACTIVATED = 0;

export const STORE_SORT_FIELDS = ['store_id', 'store_code', 'name', 'partner_id', 'system_id', 'last_change'] as const;
export type StoreSortField = (typeof STORE_SORT_FIELDS)[number];

export interface StoreFilter {
  visible_for_customer?: number;
  property_id?: string;
  property_value?: string;
  system_id?: string;
}

/** What the contract's POST/PUT and the operator's definition both give; null clears as leaving out does. */
export interface StoreInput {
  store_code: string;
  name: string;
  partner_id: string;
  system_id: string;
  store_address?: PostalAddressDto | null;
  contact_email?: string | null;
  manager_name?: string | null;
  phone_number?: string | null;
  gps_coordinates?: { gps_longitude: number; gps_latitude: number } | null;
  url_address?: string | null;
  opening?: OpeningDay[] | null;
  short_description?: string | null;
  description?: string | null;
  registration_id?: string | null;
}

export interface PropertyRecordInput {
  property_id: string;
  property_value: unknown;
}

@Injectable()
export class StoreService {
  /** Every store by id: closures and store reads look them up on each request. */
  private readonly byId: MemorySnapshot<Map<string, StoreEntity>>;

  constructor(
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @InjectRepository(PartnerEntity) private readonly partners: Repository<PartnerEntity>,
    @InjectRepository(StorePropertyRecordEntity) private readonly propertyRecords: Repository<StorePropertyRecordEntity>,
    @InjectRepository(StoreGroupRecordEntity) private readonly groupRecords: Repository<StoreGroupRecordEntity>,
    private readonly countries: CountryService,
    private readonly properties: StorePropertyService,
    changes: ChangeFeed,
  ) {
    this.byId = snapshotById(
      changes,
      ['stores'],
      (manager) => manager.find(StoreEntity),
      (store) => store.id,
    );
  }

  async list(filter: StoreFilter, page: PageRequest<StoreSortField>): Promise<Page<StoreEntity>> {
    const query = this.stores.createQueryBuilder('s');
    if (filter.visible_for_customer !== undefined) {
      query.andWhere('s.visibility_for_customer = :visible', { visible: filter.visible_for_customer });
    }
    if (filter.system_id) query.andWhere('s.system_id = :systemId', { systemId: filter.system_id });
    // The property filter needs both halves; one alone is ignored.
    if (filter.property_id && filter.property_value !== undefined) {
      query.andWhere(
        `EXISTS (SELECT 1 FROM store_property_records r WHERE r.store_id = s.store_id AND r.property_id = :propertyId
           AND (r.property_value #>> '{}' = :propertyValue OR r.property_value @> to_jsonb(ARRAY[:propertyValue]::text[])))`,
        { propertyId: filter.property_id, propertyValue: filter.property_value },
      );
    }
    return fetchPage(
      query,
      page,
      {
        store_id: 's.id',
        store_code: 's.storeCode',
        name: 's.name',
        partner_id: 's.partnerId',
        system_id: 's.systemId',
        last_change: 's.lastChange',
      },
      's.id',
    );
  }

  /** Fails with a 400 naming `field` unless the store exists and is not deactivated: what new records may point at. */
  async requireStore(storeId: string, field: string): Promise<void> {
    const store = (await this.byId.get()).get(storeId);
    if (!store) throw CommonException.invalid(field, InvalidReason.NotFound, 'No store has this id', storeId);
    if (store.state === DEACTIVATED)
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The store is deactivated', storeId);
  }

  /** What purchase closure needs of a store: its partner and the POS system it belongs to; null when there is none. */
  async findRef(storeId: string): Promise<{ id: string; partnerId: string; systemId: string } | null> {
    const store = (await this.byId.get()).get(storeId);
    return store ? { id: store.id, partnerId: store.partnerId, systemId: store.systemId } : null;
  }

  /** The ids among `storeIds` that name no store. */
  async missing(storeIds: string[]): Promise<string[]> {
    if (storeIds.length === 0) return [];
    const stores = await this.byId.get();
    return storeIds.filter((id) => !stores.has(id));
  }

  /** One page of the stores among `storeIds` as response DTOs, for lists other contexts answer. */
  async describePage(storeIds: string[], page: PageRequest<StoreSortField>, timeZone: string): Promise<Page<StoreDto>> {
    if (storeIds.length === 0) return { items: [], total: 0 };
    const query = this.stores.createQueryBuilder('s').where('s.store_id = ANY(:ids)', { ids: storeIds });
    const found = await fetchPage(
      query,
      page,
      {
        store_id: 's.id',
        store_code: 's.storeCode',
        name: 's.name',
        partner_id: 's.partnerId',
        system_id: 's.systemId',
        last_change: 's.lastChange',
      },
      's.id',
    );
    return { items: found.items.map((store) => toStoreDto(store, timeZone)), total: found.total };
  }

  async get(storeId: string): Promise<StoreEntity> {
    const store = (await this.byId.get()).get(storeId);
    if (!store) throw CommonException.recordNotFound('stores', storeId);
    return store;
  }

  /**
   * In `manager`'s transaction when given (the operator's audited write); errors name the field under
   * `fieldPrefix`, as the body nests it (`store.` in the contract's, nothing in the operator's).
   */
  async create(input: StoreInput, manager?: EntityManager, fieldPrefix = 'store.'): Promise<string> {
    await this.checkReferences(input, null, fieldPrefix, manager);
    const store = this.stores.create({ id: newId(), ...this.columnsOf(input) });
    await within(this.stores, manager).insert(store);
    return store.id;
  }

  /** Full replacement: every optional field left out is cleared. */
  async replace(storeId: string, input: StoreInput, manager?: EntityManager, fieldPrefix = 'store.'): Promise<void> {
    await this.get(storeId);
    await this.checkReferences(input, storeId, fieldPrefix, manager);
    await within(this.stores, manager).update({ id: storeId }, { ...this.columnsOf(input), lastChange: new Date() });
  }

  async listPropertyRecords(storeId: string): Promise<Page<StorePropertyRecordEntity>> {
    await this.get(storeId);
    const [items, total] = await this.propertyRecords.findAndCount({
      where: { storeId },
      relations: { property: true },
      order: { propertyId: 'ASC', id: 'ASC' },
    });
    return { items, total };
  }

  async addPropertyRecord(storeId: string, input: PropertyRecordInput): Promise<string> {
    await this.get(storeId);
    const value = await this.checkPropertyValue(input, null);
    const id = newId();
    await this.propertyRecords.insert({ id, storeId, propertyId: input.property_id, propertyValue: value });
    return id;
  }

  async replacePropertyRecord(storeId: string, recordId: string, input: PropertyRecordInput): Promise<void> {
    const current = await this.getPropertyRecord(storeId, recordId);
    const value = await this.checkPropertyValue(input, current);
    await this.propertyRecords.update({ id: recordId }, { propertyId: input.property_id, propertyValue: value, lastChange: new Date() });
  }

  async deletePropertyRecord(storeId: string, recordId: string): Promise<void> {
    await this.getPropertyRecord(storeId, recordId);
    await this.propertyRecords.delete({ id: recordId });
  }

  async listGroupRecords(storeId: string): Promise<Page<StoreGroupRecordEntity>> {
    await this.get(storeId);
    const [items, total] = await this.groupRecords.findAndCount({ where: { storeId }, order: { storeGroupId: 'ASC', id: 'ASC' } });
    return { items, total };
  }

  private async getPropertyRecord(storeId: string, recordId: string): Promise<StorePropertyRecordEntity> {
    await this.get(storeId);
    const record = await this.propertyRecords.findOne({ where: { id: recordId, storeId } });
    if (!record) throw CommonException.recordNotFound('property-records', recordId);
    return record;
  }

  /** A deactivated property takes no new values; a record that has one may keep it. */
  private async checkPropertyValue(input: PropertyRecordInput, current: StorePropertyRecordEntity | null) {
    const recordId = current?.id ?? null;
    const property = await this.properties.find(input.property_id);
    if (!property) {
      throw CommonException.invalid(
        'property_record.property_id',
        InvalidReason.NotFound,
        'No store property has this id',
        input.property_id,
      );
    }
    if (property.state === PROPERTY_STATE.Deleted && current?.propertyId !== property.id) {
      throw CommonException.invalid(
        'property_record.property_id',
        InvalidReason.Deleted,
        'The store property is deactivated',
        input.property_id,
      );
    }
    const itemIds = property.items.filter((item) => item.state === 1).map((item) => item.id);
    const result = validatePropertyValue(property.dataType, input.property_value, itemIds);
    if (!result.ok) {
      throw CommonException.invalid(
        'property_record.property_value',
        InvalidReason.InvalidValueFormat,
        result.message,
        input.property_value,
      );
    }
    if (property.isUnique) {
      const taken = await this.propertyRecords
        .createQueryBuilder('r')
        .where('r.property_id = :propertyId AND r.property_value = :value::jsonb', {
          propertyId: property.id,
          value: JSON.stringify(result.value),
        })
        .andWhere(recordId ? 'r.property_record_id <> :recordId' : 'TRUE', { recordId })
        .getExists();
      if (taken) {
        throw CommonException.invalid(
          'property_record.property_value',
          InvalidReason.AlreadyExists,
          'Another store has this value',
          input.property_value,
        );
      }
    }
    return result.value;
  }

  private async checkReferences(input: StoreInput, storeId: string | null, prefix: string, manager?: EntityManager): Promise<void> {
    const partner = await within(this.partners, manager).findOne({ select: { id: true, state: true }, where: { id: input.partner_id } });
    if (!partner) throw CommonException.invalid(`${prefix}partner_id`, InvalidReason.NotFound, 'No partner has this id', input.partner_id);
    // A store may stay with a partner deactivated since; no store moves to one.
    const current = storeId ? (await this.byId.get()).get(storeId) : undefined;
    if (partner.state === DEACTIVATED && current?.partnerId !== partner.id) {
      throw CommonException.invalid(`${prefix}partner_id`, InvalidReason.NotAllowedValue, 'The partner is deactivated', input.partner_id);
    }
    const countryCode = input.store_address?.country_code;
    if (countryCode && !(await this.countries.exists(countryCode))) {
      throw CommonException.invalid(`${prefix}store_address.country_code`, InvalidReason.NotFound, 'No country has this code', countryCode);
    }
    const duplicate = within(this.stores, manager).createQueryBuilder('s').where('s.store_code = :code', { code: input.store_code });
    if (storeId) duplicate.andWhere('s.store_id <> :storeId', { storeId });
    if (await duplicate.getExists()) {
      throw CommonException.invalid(`${prefix}store_code`, InvalidReason.AlreadyExists, 'Another store has this code', input.store_code);
    }
  }

  private columnsOf(input: StoreInput): Partial<StoreEntity> {
    return {
      storeCode: input.store_code,
      name: input.name,
      partnerId: input.partner_id,
      systemId: input.system_id,
      ...postalAddressColumns(input.store_address ?? undefined),
      contactEmail: input.contact_email ?? null,
      managerName: input.manager_name ?? null,
      phoneNumber: input.phone_number ?? null,
      gpsLongitude: input.gps_coordinates ? String(input.gps_coordinates.gps_longitude) : null,
      gpsLatitude: input.gps_coordinates ? String(input.gps_coordinates.gps_latitude) : null,
      urlAddress: input.url_address ?? null,
      opening: input.opening ?? [],
      shortDescription: input.short_description ?? null,
      description: input.description ?? null,
      registrationId: input.registration_id ?? null,
    };
  }
}
