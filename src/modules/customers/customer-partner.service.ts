import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { newId, within } from '@tessera/core';
import { CommonException, InvalidReason, Page } from '@tessera/http';
import { PartnerService } from '../reference-data';
import { CustomerAccountService } from './customer-account.service';
import { writeWithCustomerUpdated } from './customer-changes';
import { CustomerPartnerRecordEntity } from './entities/customer-records.entity';

/** Which partners' programmes a customer takes part in. */
@Injectable()
export class CustomerPartnerService {
  constructor(
    @InjectRepository(CustomerPartnerRecordEntity) private readonly records: Repository<CustomerPartnerRecordEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly partners: PartnerService,
    private readonly accounts: CustomerAccountService,
  ) {}

  async list(customerId: string): Promise<Page<CustomerPartnerRecordEntity>> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const [items, total] = await this.records.findAndCount({ where: { customerId }, order: { partnerId: 'ASC', id: 'ASC' } });
    return { items, total };
  }

  async add(customerId: string, partnerId: string): Promise<string> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    await this.requireActivePartners([partnerId], 'partner_record');
    if (await this.records.exists({ where: { customerId, partnerId } })) {
      throw CommonException.invalid(
        'partner_record.partner_id',
        InvalidReason.RelationAlreadyExists,
        'The customer is already related to this partner',
        partnerId,
      );
    }
    const id = newId();
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { record_type: 'partner_record', record_id: id, change: 'added' },
      (manager) => manager.insert(CustomerPartnerRecordEntity, { id, customerId, partnerId }),
    );
    return id;
  }

  async delete(customerId: string, recordId: string): Promise<void> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { record_type: 'partner_record', record_id: recordId, change: 'deleted' },
      async (manager) => {
        const result = await manager.delete(CustomerPartnerRecordEntity, { id: recordId, customerId });
        if (!result.affected) throw CommonException.recordNotFound('partner-records', recordId);
      },
    );
  }

  /**
   * Makes the customer's relations to the partners the caller may manage (`manageable`) exactly
   * `partnerIds`; relations to other partners stay as they are.
   */
  async set(customerId: string, partnerIds: string[], manageable: string[]): Promise<void> {
    await this.accounts.requireCustomer(customerId, { field: 'customer_id' });
    const wanted = await this.requireActivePartners(partnerIds, 'partner_records');
    const allowed = new Set(manageable);
    const outside = wanted.findIndex((partnerId) => !allowed.has(partnerId));
    if (outside >= 0) {
      throw CommonException.invalid(
        `partner_records[${outside}].partner_id`,
        InvalidReason.NotAllowedValue,
        'This partner is not available to the caller',
        wanted[outside],
      );
    }
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { record_type: 'partner_record', record_id: null, change: 'set' },
      async (manager) => {
        await manager.query(
          `DELETE FROM customer_partner_records WHERE customer_id = $1 AND partner_id = ANY($2::text[]) AND NOT (partner_id = ANY($3::text[]))`,
          [customerId, manageable, wanted],
        );
        await this.assign(customerId, wanted, manager);
      },
    );
  }

  /** Relates the customer to these partners, keeping existing relations. */
  async assign(customerId: string, partnerIds: string[], manager?: EntityManager): Promise<void> {
    if (partnerIds.length === 0) return;
    await within(this.records, manager).query(
      `INSERT INTO customer_partner_records (partner_record_id, customer_id, partner_id)
       SELECT id, $1, partner_id FROM unnest($2::text[], $3::text[]) AS p(id, partner_id)
       ON CONFLICT (customer_id, partner_id) DO NOTHING`,
      [customerId, partnerIds.map(() => newId()), partnerIds],
    );
  }

  /** The ids, deduplicated, after checking each names an active partner; `field` names the list in errors. */
  async requireActivePartners(partnerIds: string[], field: string): Promise<string[]> {
    const unique = [...new Set(partnerIds)];
    const active = await this.partners.findActive(unique);
    const index = partnerIds.findIndex((partnerId) => !active.has(partnerId));
    if (index >= 0) {
      const name = field.endsWith('s') ? `${field}[${index}].partner_id` : `${field}.partner_id`;
      throw CommonException.invalid(name, InvalidReason.NotFound, 'No active partner has this id', partnerIds[index]);
    }
    return unique;
  }
}
