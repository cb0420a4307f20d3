import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { fetchPage, likePattern, within } from '@tessera/core';
import { Page, PageRequest, ResponseOutput } from '@tessera/http';
import { toTagDto } from './catalogue.mapper';
import { TagDto } from './dto/tag.dto';
import { TagEntity } from './entities/tag.entity';

export const TAG_SORT_FIELDS = ['tag_id', 'text_id', 'state', 'last_change'] as const;
export type TagSortField = (typeof TAG_SORT_FIELDS)[number];

export interface TagFilter {
  name?: string;
  text_id?: string;
}

/** Product tags. They are defined by the operator; products refer to them by id. */
@Injectable()
export class TagService {
  constructor(@InjectRepository(TagEntity) private readonly tags: Repository<TagEntity>) {}

  async list(filter: TagFilter, page: PageRequest<TagSortField>): Promise<Page<TagEntity>> {
    const query = this.tags.createQueryBuilder('t');
    if (filter.name) {
      query.andWhere(`EXISTS (SELECT 1 FROM jsonb_each_text(t.names) n WHERE n.value ILIKE :name)`, { name: likePattern(filter.name) });
    }
    if (filter.text_id) query.andWhere('t.text_id = :textId', { textId: filter.text_id });
    return fetchPage(query, page, { tag_id: 't.id', text_id: 't.textId', state: 't.state', last_change: 't.lastChange' }, 't.id', {
      oneRowPerRecord: true,
    });
  }

  /** One page of the tags among `tagIds` matching the filter, as response DTOs. */
  async describePage(tagIds: string[], filter: TagFilter, page: PageRequest<TagSortField>, output: ResponseOutput): Promise<Page<TagDto>> {
    if (tagIds.length === 0) return { items: [], total: 0 };
    const query = this.tags.createQueryBuilder('t').where('t.tag_id = ANY(:ids)', { ids: tagIds });
    if (filter.name) {
      query.andWhere(`EXISTS (SELECT 1 FROM jsonb_each_text(t.names) n WHERE n.value ILIKE :name)`, { name: likePattern(filter.name) });
    }
    if (filter.text_id) query.andWhere('t.text_id = :textId', { textId: filter.text_id });
    const found = await fetchPage(
      query,
      page,
      { tag_id: 't.id', text_id: 't.textId', state: 't.state', last_change: 't.lastChange' },
      't.id',
      {
        oneRowPerRecord: true,
      },
    );
    return { items: found.items.map((tag) => toTagDto(tag, output)), total: found.total };
  }

  /** The ids among `tagIds` that name no tag. */
  async missing(tagIds: string[], manager?: EntityManager): Promise<string[]> {
    if (tagIds.length === 0) return [];
    const found = await within(this.tags, manager).find({ select: { id: true }, where: { id: In(tagIds) } });
    const known = new Set(found.map((tag) => tag.id));
    return tagIds.filter((id) => !known.has(id));
  }
}
