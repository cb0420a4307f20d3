import { Injectable } from '@nestjs/common';
import { pageInMemory } from '@tessera/core';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { PaymentTypeEntity } from './entities/purchase-definitions.entity';

const DEACTIVATED = 0;

export const PAYMENT_TYPE_SORT_FIELDS = ['payment_type_id', 'name', 'last_change'] as const;
export type PaymentTypeSortField = (typeof PAYMENT_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PaymentTypeService {
  /** Every PaymentType row, ranked for the list and by id. */
  private readonly definitions: MemorySnapshot<DefinitionRows<PaymentTypeEntity, PaymentTypeSortField>>;

  constructor(changes: ChangeFeed) {
    this.definitions = definitionSnapshot(changes, ['payment_types'], PaymentTypeEntity, 'id', {
      payment_type_id: 'id',
      name: 'name',
      last_change: 'lastChange',
    });
  }

  async list(page: PageRequest<PaymentTypeSortField>): Promise<Page<PaymentTypeEntity>> {
    // Deactivated ones are still read by id, for the purchases and orders that name them, but offered no more.
    return pageInMemory((await this.definitions.get()).ranked, (type) => type.state !== DEACTIVATED, page);
  }

  async get(paymentTypeId: string): Promise<PaymentTypeEntity> {
    const type = (await this.definitions.get()).byId.get(paymentTypeId);
    if (!type) throw CommonException.recordNotFound('payment-types', paymentTypeId);
    return type;
  }

  /** The payment type with this id, or null: for callers that answer an unknown one in their own words (orders). */
  async find(paymentTypeId: string): Promise<PaymentTypeEntity | null> {
    return (await this.definitions.get()).byId.get(paymentTypeId) ?? null;
  }

  /** The payment type a purchase names; 400 `not_allowed_value` on `payment_type` when there is none or it is deactivated. */
  async require(paymentTypeId: string): Promise<PaymentTypeEntity> {
    const type = (await this.definitions.get()).byId.get(paymentTypeId);
    if (!type || type.state === DEACTIVATED)
      throw CommonException.invalid(
        'payment_type',
        InvalidReason.NotAllowedValue,
        "The payment type must be one of the project's payment types",
        paymentTypeId,
      );
    return type;
  }
}
