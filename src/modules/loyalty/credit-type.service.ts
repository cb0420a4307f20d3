import { Injectable } from '@nestjs/common';
import { pageInMemory } from '@tessera/core';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CreditTypeEntity } from './entities/credit-type.entity';

export const CREDIT_TYPE_SORT_FIELDS = ['credit_type_id', 'name', 'last_change'] as const;
export type CreditTypeSortField = (typeof CREDIT_TYPE_SORT_FIELDS)[number];

@Injectable()
export class CreditTypeService {
  /** Every CreditType row, ranked for the list and by id. */
  private readonly definitions: MemorySnapshot<DefinitionRows<CreditTypeEntity, CreditTypeSortField>>;

  constructor(changes: ChangeFeed) {
    this.definitions = definitionSnapshot(changes, ['credit_types'], CreditTypeEntity, 'id', {
      credit_type_id: 'id',
      name: 'name',
      last_change: 'lastChange',
    });
  }

  async list(page: PageRequest<CreditTypeSortField>): Promise<Page<CreditTypeEntity>> {
    // Deactivated types stay readable by id, as credits name them, but are not offered.
    return pageInMemory((await this.definitions.get()).ranked, (type) => type.state === 1, page, 'name');
  }

  async get(creditTypeId: string): Promise<CreditTypeEntity> {
    const type = (await this.definitions.get()).byId.get(creditTypeId);
    if (!type) throw CommonException.recordNotFound('credit-types', creditTypeId);
    return type;
  }

  /** A credit type a request names for new credits: a deactivated one is a 400 naming `field`. */
  async requireActive(creditTypeId: string, field: string): Promise<void> {
    if ((await this.definitions.get()).byId.get(creditTypeId)?.state === 0) {
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The credit type is deactivated', creditTypeId);
    }
  }

  /** The named credit type, or the default one when none is named; a wrong id is a 400 naming `field`. */
  async resolve(creditTypeId: string | undefined, field: string): Promise<CreditTypeEntity> {
    const types = (await this.definitions.get()).byId;
    const type = creditTypeId === undefined ? [...types.values()].find((candidate) => candidate.isDefault) : types.get(creditTypeId);
    if (type) return type;
    if (creditTypeId === undefined) throw CommonException.invalid(field, InvalidReason.Required, 'No default credit type is set; name one');
    throw CommonException.invalid(field, InvalidReason.NotFound, 'No credit type has this id', creditTypeId);
  }
}
