import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { fetchPage, likePattern, within } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import {
  AgreementEntity,
  CustomerAddressTypeEntity,
  CustomerRelationTypeEntity,
  CustomerTypeEntity,
  InterestEntity,
} from './entities/customer-definitions.entity';
import { CustomerPropertyEntity } from './entities/customer-property.entity';

export const CUSTOMER_PROPERTY_SORT_FIELDS = [
  'property_id',
  'name',
  'data_type',
  'is_required',
  'is_unique',
  'last_change',
  'state',
] as const;
export const INTEREST_SORT_FIELDS = ['interest_id', 'name'] as const;
export const ADDRESS_TYPE_SORT_FIELDS = ['address_type_id', 'name', 'last_change'] as const;
export const RELATION_TYPE_SORT_FIELDS = ['customer_relation_type_id', 'name', 'last_change', 'state'] as const;
export const CUSTOMER_TYPE_SORT_FIELDS = ['type_id', 'name', 'last_change'] as const;
export const AGREEMENT_SORT_FIELDS = ['agreement_id', 'name', 'communication_channel_id', 'text_id', 'last_change'] as const;

/** The agreements behind the three fixed fields of the deprecated `agreement` object. */
export const FIXED_AGREEMENTS = {
  agreement_gtc: 'gtc',
  agreement_profiling: 'profiling',
  agreement_marketing_communication: 'marketing_communication',
} as const;
export type FixedAgreementField = keyof typeof FIXED_AGREEMENTS;

export interface AgreementFilter {
  communication_channel_id?: string;
  text_id?: string;
}

/** The definitions customer records refer to: properties, interests, address and relation types, customer types, agreements. */
@Injectable()
export class CustomerDefinitionService {
  constructor(
    @InjectRepository(CustomerPropertyEntity) private readonly properties: Repository<CustomerPropertyEntity>,
    @InjectRepository(InterestEntity) private readonly interests: Repository<InterestEntity>,
    @InjectRepository(CustomerAddressTypeEntity) private readonly addressTypes: Repository<CustomerAddressTypeEntity>,
    @InjectRepository(CustomerRelationTypeEntity) private readonly relationTypes: Repository<CustomerRelationTypeEntity>,
    @InjectRepository(CustomerTypeEntity) private readonly customerTypes: Repository<CustomerTypeEntity>,
    @InjectRepository(AgreementEntity) private readonly agreements: Repository<AgreementEntity>,
  ) {}

  async listProperties(
    filter: { name?: string },
    page: PageRequest<(typeof CUSTOMER_PROPERTY_SORT_FIELDS)[number]>,
  ): Promise<Page<CustomerPropertyEntity>> {
    const query = this.properties.createQueryBuilder('p').leftJoinAndSelect('p.items', 'i');
    this.byName(query, 'p', filter.name);
    return fetchPage(
      query,
      page,
      {
        property_id: 'p.id',
        name: 'p.name',
        data_type: 'p.dataType',
        is_required: 'p.isRequired',
        is_unique: 'p.isUnique',
        last_change: 'p.lastChange',
        state: 'p.state',
      },
      'p.id',
    );
  }

  async getProperty(propertyId: string): Promise<CustomerPropertyEntity> {
    const property = await this.findProperty(propertyId);
    if (!property) throw CommonException.recordNotFound('customer-properties', propertyId);
    return property;
  }

  findProperty(propertyId: string): Promise<CustomerPropertyEntity | null> {
    return this.properties.findOne({ where: { id: propertyId }, relations: { items: true } });
  }

  findProperties(propertyIds: string[]): Promise<CustomerPropertyEntity[]> {
    return propertyIds.length === 0
      ? Promise.resolve([])
      : this.properties.find({ where: { id: In(propertyIds) }, relations: { items: true } });
  }

  /** Active properties every customer must have a value of. */
  requiredProperties(): Promise<CustomerPropertyEntity[]> {
    return this.properties.find({ where: { isRequired: true, state: 1 } });
  }

  async listInterests(filter: { name?: string }, page: PageRequest<(typeof INTEREST_SORT_FIELDS)[number]>): Promise<Page<InterestEntity>> {
    const query = this.interests.createQueryBuilder('d').where('d.state = 1');
    this.byName(query, 'd', filter.name);
    return fetchPage(query, page, { interest_id: 'd.id', name: 'd.name' }, 'd.id', { oneRowPerRecord: true });
  }

  async getInterest(interestId: string): Promise<InterestEntity> {
    const interest = await this.interests.findOne({ where: { id: interestId, state: 1 } });
    if (!interest) throw CommonException.recordNotFound('interests', interestId);
    return interest;
  }

  async listAddressTypes(page: PageRequest<(typeof ADDRESS_TYPE_SORT_FIELDS)[number]>): Promise<Page<CustomerAddressTypeEntity>> {
    // Deactivated types stay readable by id, as addresses name them, but are not offered.
    return fetchPage(
      this.addressTypes.createQueryBuilder('d').where('d.state = 1'),
      page,
      { address_type_id: 'd.id', name: 'd.name', last_change: 'd.lastChange' },
      'd.id',
      {
        oneRowPerRecord: true,
      },
    );
  }

  async getAddressType(typeId: string): Promise<CustomerAddressTypeEntity> {
    const type = await this.addressTypes.findOne({ where: { id: typeId } });
    if (!type) throw CommonException.recordNotFound('customer-address-types', typeId);
    return type;
  }

  activeAddressTypeExists(typeId: string): Promise<boolean> {
    return this.addressTypes.exists({ where: { id: typeId, state: 1 } });
  }

  async listRelationTypes(page: PageRequest<(typeof RELATION_TYPE_SORT_FIELDS)[number]>): Promise<Page<CustomerRelationTypeEntity>> {
    return fetchPage(
      this.relationTypes.createQueryBuilder('d'),
      page,
      { customer_relation_type_id: 'd.id', name: 'd.name', last_change: 'd.lastChange', state: 'd.state' },
      'd.id',
      { oneRowPerRecord: true },
    );
  }

  async getRelationType(typeId: string): Promise<CustomerRelationTypeEntity> {
    const type = await this.relationTypes.findOne({ where: { id: typeId } });
    if (!type) throw CommonException.recordNotFound('customer-relation-types', typeId);
    return type;
  }

  activeRelationTypeExists(typeId: string): Promise<boolean> {
    return this.relationTypes.exists({ where: { id: typeId, state: 1 } });
  }

  async listCustomerTypes(page: PageRequest<(typeof CUSTOMER_TYPE_SORT_FIELDS)[number]>): Promise<Page<CustomerTypeEntity>> {
    // Deactivated types stay readable by id, as rewards and campaign products name them, but are not offered.
    return fetchPage(
      this.customerTypes.createQueryBuilder('d').where('d.state = 1'),
      page,
      { type_id: 'd.id', name: 'd.name', last_change: 'd.lastChange' },
      'd.id',
      {
        oneRowPerRecord: true,
      },
    );
  }

  async getCustomerType(typeId: string): Promise<CustomerTypeEntity> {
    const type = await this.customerTypes.findOne({ where: { id: typeId } });
    if (!type) throw CommonException.recordNotFound('customer-types', typeId);
    return type;
  }

  /** Fails with a 400 `not_found` naming `field` at the first id that names no active customer type. */
  async requireCustomerTypes(typeIds: string[], field: string, manager?: EntityManager): Promise<void> {
    if (typeIds.length === 0) return;
    const known = new Set(
      (await within(this.customerTypes, manager).find({ select: { id: true }, where: { id: In(typeIds), state: 1 } })).map(
        (type) => type.id,
      ),
    );
    const missing = typeIds.find((id) => !known.has(id));
    if (missing !== undefined) throw CommonException.invalid(field, InvalidReason.NotFound, 'No active customer type has this id', missing);
  }

  async listAgreements(filter: AgreementFilter, page: PageRequest<(typeof AGREEMENT_SORT_FIELDS)[number]>): Promise<Page<AgreementEntity>> {
    const query = this.agreements.createQueryBuilder('d').where('d.state = 1');
    if (filter.communication_channel_id)
      query.andWhere('d.communication_channel_id = :channel', { channel: filter.communication_channel_id });
    if (filter.text_id) query.andWhere('d.text_id = :textId', { textId: filter.text_id });
    return fetchPage(
      query,
      page,
      {
        agreement_id: 'd.id',
        name: 'd.name',
        communication_channel_id: 'd.communicationChannelId',
        text_id: 'd.textId',
        last_change: 'd.lastChange',
      },
      'd.id',
      { oneRowPerRecord: true },
    );
  }

  async getAgreement(agreementId: string): Promise<AgreementEntity> {
    const agreement = await this.agreements.findOne({ where: { id: agreementId, state: 1 } });
    if (!agreement) throw CommonException.recordNotFound('agreements', agreementId);
    return agreement;
  }

  /** Every agreement's text id by agreement id (deleted ones included, so old consents still map). */
  async agreementTextIds(): Promise<Map<string, string>> {
    const all = await this.agreements.find({ select: { id: true, textId: true } });
    return new Map(all.map((agreement) => [agreement.id, agreement.textId]));
  }

  /** Which of these ids name active agreements. */
  async activeAgreementIds(agreementIds: string[]): Promise<Set<string>> {
    if (agreementIds.length === 0) return new Set();
    const found = await this.agreements.find({ select: { id: true }, where: { id: In(agreementIds), state: 1 } });
    return new Set(found.map((agreement) => agreement.id));
  }

  private byName<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, name: string | undefined): void {
    if (name) query.andWhere(`${alias}.name ILIKE :name`, { name: likePattern(name) });
  }
}
