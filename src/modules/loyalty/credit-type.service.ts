import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage } from '@tessera/core';
import { ChangeFeed, MemorySnapshot, snapshotById } from '../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CreditTypeEntity } from './entities/credit-type.entity';

export const CREDIT_TYPE_SORT_FIELDS = ['credit_type_id', 'name', 'last_change'] as const;
export type CreditTypeSortField = (typeof CREDIT_TYPE_SORT_FIELDS)[number];

@Injectable()
export class CreditTypeService {
  private readonly byId: MemorySnapshot<Map<string, CreditTypeEntity>>;

  constructor(
    @InjectRepository(CreditTypeEntity) private readonly types: Repository<CreditTypeEntity>,
    changes: ChangeFeed,
  ) {
    this.byId = snapshotById(
      changes,
      ['credit_types'],
      (manager) => manager.find(CreditTypeEntity),
      (type) => type.id,
    );
  }

  list(page: PageRequest<CreditTypeSortField>): Promise<Page<CreditTypeEntity>> {
    return fetchPage(
      this.types.createQueryBuilder('t'),
      page,
      { credit_type_id: 't.id', name: 't.name', last_change: 't.lastChange' },
      't.id',
      { defaultOrder: 't.name', oneRowPerRecord: true },
    );
  }

  async get(creditTypeId: string): Promise<CreditTypeEntity> {
    const type = (await this.byId.get()).get(creditTypeId);
    if (!type) throw CommonException.recordNotFound('credit-types', creditTypeId);
    return type;
  }

  /** The named credit type, or the default one when none is named; a wrong id is a 400 naming `field`. */
  async resolve(creditTypeId: string | undefined, field: string): Promise<CreditTypeEntity> {
    const types = await this.byId.get();
    const type = creditTypeId === undefined ? [...types.values()].find((candidate) => candidate.isDefault) : types.get(creditTypeId);
    if (type) return type;
    if (creditTypeId === undefined) throw CommonException.invalid(field, InvalidReason.Required, 'No default credit type is set; name one');
    throw CommonException.invalid(field, InvalidReason.NotFound, 'No credit type has this id', creditTypeId);
  }
}
