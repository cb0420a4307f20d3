import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Not, Repository } from 'typeorm';
import { fetchPage, within } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { PartnerPropertyRecordEntity } from './entities/partner-property.entity';
import { PartnerEntity } from './entities/partner.entity';

export const PARTNER_SORT_FIELDS = ['partner_id', 'name', 'registration_id', 'vat_id', 'email', 'phone', 'state'] as const;
export type PartnerSortField = (typeof PARTNER_SORT_FIELDS)[number];

const ACTIVE = 1;
const DELETED = 0;

@Injectable()
export class PartnerService {
  constructor(
    @InjectRepository(PartnerEntity) private readonly partners: Repository<PartnerEntity>,
    @InjectRepository(PartnerPropertyRecordEntity) private readonly propertyRecords: Repository<PartnerPropertyRecordEntity>,
  ) {}

  async list(page: PageRequest<PartnerSortField>): Promise<Page<PartnerEntity>> {
    return fetchPage(
      this.partners.createQueryBuilder('p'),
      page,
      {
        partner_id: 'p.id',
        name: 'p.name',
        registration_id: 'p.registrationId',
        vat_id: 'p.vatId',
        email: 'p.email',
        phone: 'p.phone',
        state: 'p.state',
      },
      'p.id',
      { oneRowPerRecord: true },
    );
  }

  async get(partnerId: string): Promise<PartnerEntity> {
    const partner = await this.partners.findOne({ where: { id: partnerId } });
    if (!partner) throw CommonException.recordNotFound('partners', partnerId);
    return partner;
  }

  async listPropertyRecords(partnerId: string): Promise<Page<PartnerPropertyRecordEntity>> {
    await this.get(partnerId);
    const [items, total] = await this.propertyRecords.findAndCount({
      where: { partnerId },
      relations: { property: true },
      order: { propertyId: 'ASC', id: 'ASC' },
    });
    return { items, total };
  }

  /** Fails with a 400 `not_found` naming `field` unless the partner exists and is not deleted. */
  async requirePartner(partnerId: string, field: string, manager?: EntityManager): Promise<void> {
    if (!(await within(this.partners, manager).exists({ where: { id: partnerId, state: Not(DELETED) } }))) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No partner has this id', partnerId);
    }
  }

  /** The project's default partner: the first one the installation created that is not deleted. */
  async defaultPartnerId(manager?: EntityManager): Promise<string> {
    const partner = await within(this.partners, manager).findOne({
      select: { id: true },
      where: { state: Not(DELETED) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (!partner) throw CommonException.invalid('partner_id', InvalidReason.Required, 'No partner exists; name one');
    return partner.id;
  }

  /** Ids of the active partners, in a stable order. */
  async activePartnerIds(): Promise<string[]> {
    const partners = await this.partners.find({ select: { id: true }, where: { state: ACTIVE }, order: { id: 'ASC' } });
    return partners.map((partner) => partner.id);
  }

  /** Which of these ids name active partners. */
  async findActive(partnerIds: string[]): Promise<Set<string>> {
    if (partnerIds.length === 0) return new Set();
    const partners = await this.partners.find({ select: { id: true }, where: { id: In(partnerIds), state: ACTIVE } });
    return new Set(partners.map((partner) => partner.id));
  }
}
