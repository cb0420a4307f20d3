import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage } from '@tessera/core';
import { ChangeFeed, MemorySnapshot, snapshotById } from '../../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { PaymentTypeEntity } from './entities/purchase-definitions.entity';

export const PAYMENT_TYPE_SORT_FIELDS = ['payment_type_id', 'name', 'last_change'] as const;
export type PaymentTypeSortField = (typeof PAYMENT_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PaymentTypeService {
  private readonly byId: MemorySnapshot<Map<string, PaymentTypeEntity>>;

  constructor(
    @InjectRepository(PaymentTypeEntity) private readonly types: Repository<PaymentTypeEntity>,
    changes: ChangeFeed,
  ) {
    this.byId = snapshotById(
      changes,
      ['payment_types'],
      (manager) => manager.find(PaymentTypeEntity),
      (type) => type.id,
    );
  }

  async list(page: PageRequest<PaymentTypeSortField>): Promise<Page<PaymentTypeEntity>> {
    const query = this.types.createQueryBuilder('t');
    return fetchPage(query, page, { payment_type_id: 't.id', name: 't.name', last_change: 't.lastChange' }, 't.id', {
      oneRowPerRecord: true,
    });
  }

  async get(paymentTypeId: string): Promise<PaymentTypeEntity> {
    const type = (await this.byId.get()).get(paymentTypeId);
    if (!type) throw CommonException.recordNotFound('payment-types', paymentTypeId);
    return type;
  }

  /** The payment type a purchase names; 400 `not_allowed_value` on `payment_type` when there is none. */
  async require(paymentTypeId: string): Promise<PaymentTypeEntity> {
    const type = (await this.byId.get()).get(paymentTypeId);
    if (!type)
      throw CommonException.invalid(
        'payment_type',
        InvalidReason.NotAllowedValue,
        "The payment type must be one of the project's payment types",
        paymentTypeId,
      );
    return type;
  }
}
