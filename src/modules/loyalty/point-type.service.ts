import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage } from '@tessera/core';
import { ChangeFeed, MemorySnapshot, snapshotById } from '../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { PointTypeEntity } from './entities/point-type.entity';

export const POINT_TYPE_SORT_FIELDS = ['point_type_id', 'name', 'last_change'] as const;
export type PointTypeSortField = (typeof POINT_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PointTypeService {
  private readonly byId: MemorySnapshot<Map<string, PointTypeEntity>>;

  constructor(
    @InjectRepository(PointTypeEntity) private readonly types: Repository<PointTypeEntity>,
    changes: ChangeFeed,
  ) {
    this.byId = snapshotById(
      changes,
      ['point_types'],
      (manager) => manager.find(PointTypeEntity),
      (type) => type.id,
    );
  }

  list(page: PageRequest<PointTypeSortField>): Promise<Page<PointTypeEntity>> {
    return fetchPage(
      this.types.createQueryBuilder('t'),
      page,
      { point_type_id: 't.id', name: 't.name', last_change: 't.lastChange' },
      't.id',
      { defaultOrder: 't.name', oneRowPerRecord: true },
    );
  }

  async get(pointTypeId: string): Promise<PointTypeEntity> {
    const type = (await this.byId.get()).get(pointTypeId);
    if (!type) throw CommonException.recordNotFound('point-types', pointTypeId);
    return type;
  }

  /** The named point type, or the default one when none is named; a wrong id is a 400 naming `field`. */
  async resolve(pointTypeId: string | undefined, field: string): Promise<string> {
    const types = await this.byId.get();
    if (pointTypeId === undefined) {
      const fallback = [...types.values()].find((type) => type.isDefault);
      if (!fallback) throw CommonException.invalid(field, InvalidReason.Required, 'No default point type is set; name one');
      return fallback.id;
    }
    if (!types.has(pointTypeId)) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No point type has this id', pointTypeId);
    }
    return pointTypeId;
  }
}
