import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { fetchPage, within } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CreditTypeEntity } from './entities/credit-type.entity';

export const CREDIT_TYPE_SORT_FIELDS = ['credit_type_id', 'name', 'last_change'] as const;
export type CreditTypeSortField = (typeof CREDIT_TYPE_SORT_FIELDS)[number];

@Injectable()
export class CreditTypeService {
  constructor(@InjectRepository(CreditTypeEntity) private readonly types: Repository<CreditTypeEntity>) {}

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
    const type = await this.types.findOne({ where: { id: creditTypeId } });
    if (!type) throw CommonException.recordNotFound('credit-types', creditTypeId);
    return type;
  }

  /** The named credit type, or the default one when none is named; a wrong id is a 400 naming `field`. */
  async resolve(creditTypeId: string | undefined, field: string, manager?: EntityManager): Promise<CreditTypeEntity> {
    const types = within(this.types, manager);
    const type = await types.findOne({ where: creditTypeId === undefined ? { isDefault: true } : { id: creditTypeId } });
    if (type) return type;
    if (creditTypeId === undefined) throw CommonException.invalid(field, InvalidReason.Required, 'No default credit type is set; name one');
    throw CommonException.invalid(field, InvalidReason.NotFound, 'No credit type has this id', creditTypeId);
  }
}
