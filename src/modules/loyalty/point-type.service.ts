import { Injectable } from '@nestjs/common';
import { pageInMemory } from '@tessera/core';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { PointTypeEntity } from './entities/point-type.entity';

export const POINT_TYPE_SORT_FIELDS = ['point_type_id', 'name', 'last_change'] as const;
export type PointTypeSortField = (typeof POINT_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PointTypeService {
  /** Every PointType row, ranked for the list and by id. */
  private readonly definitions: MemorySnapshot<DefinitionRows<PointTypeEntity, PointTypeSortField>>;

  constructor(changes: ChangeFeed) {
    this.definitions = definitionSnapshot(changes, ['point_types'], PointTypeEntity, 'id', {
      point_type_id: 'id',
      name: 'name',
      last_change: 'lastChange',
    });
  }

  async list(page: PageRequest<PointTypeSortField>): Promise<Page<PointTypeEntity>> {
    // Deactivated types stay readable by id, as points name them, but are not offered.
    return pageInMemory((await this.definitions.get()).ranked, (type) => type.state === 1, page, 'name');
  }

  async get(pointTypeId: string): Promise<PointTypeEntity> {
    const type = (await this.definitions.get()).byId.get(pointTypeId);
    if (!type) throw CommonException.recordNotFound('point-types', pointTypeId);
    return type;
  }

  /** A point type a request names for new points: a deactivated one is a 400 naming `field`. */
  async requireActive(pointTypeId: string, field: string): Promise<void> {
    if ((await this.definitions.get()).byId.get(pointTypeId)?.state === 0) {
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The point type is deactivated', pointTypeId);
    }
  }

  /** The named point type, or the default one when none is named; a wrong id is a 400 naming `field`. */
  async resolve(pointTypeId: string | undefined, field: string): Promise<string> {
    const types = (await this.definitions.get()).byId;
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
