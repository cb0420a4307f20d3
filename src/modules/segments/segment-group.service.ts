import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { SegmentGroupEntity } from './entities/segment-group.entity';

export const SEGMENT_GROUP_SORT_FIELDS = ['segment_group_id', 'name', 'parent_group_id', 'note', 'text_id', 'last_change'] as const;
export type SegmentGroupSortField = (typeof SEGMENT_GROUP_SORT_FIELDS)[number];

/** Segment groups arrange segments; they are defined by the operator and read through the API. */
@Injectable()
export class SegmentGroupService {
  constructor(@InjectRepository(SegmentGroupEntity) private readonly groups: Repository<SegmentGroupEntity>) {}

  async list(filter: { name?: string; text_id?: string }, page: PageRequest<SegmentGroupSortField>): Promise<Page<SegmentGroupEntity>> {
    // Deactivated groups stay readable by id, as segments name them, but are not offered.
    const query = this.groups.createQueryBuilder('g').where('g.state = 1');
    if (filter.name) query.andWhere('g.name ILIKE :name', { name: likePattern(filter.name) });
    if (filter.text_id) query.andWhere('g.text_id = :textId', { textId: filter.text_id });
    return fetchPage(
      query,
      page,
      {
        segment_group_id: 'g.id',
        name: 'g.name',
        parent_group_id: 'g.parentGroupId',
        note: 'g.note',
        text_id: 'g.textId',
        last_change: 'g.lastChange',
      },
      'g.id',
      { oneRowPerRecord: true },
    );
  }

  async get(groupId: string): Promise<SegmentGroupEntity> {
    const group = await this.groups.findOne({ where: { id: groupId } });
    if (!group) throw CommonException.recordNotFound('segment-groups', groupId);
    return group;
  }
}
