import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage } from '../../../libs/core/src';
import { CommonException, Page, PageRequest } from '../../../libs/http/src';
import { StatusEntity } from './entities/status.entity';

export const STATUS_SORT_FIELDS = ['status_id', 'name', 'text_id', 'last_change'] as const;
export type StatusSortField = (typeof STATUS_SORT_FIELDS)[number];

export interface StatusFilter {
  text_id?: string;
}

@Injectable()
export class StatusService {
  constructor(@InjectRepository(StatusEntity) private readonly statuses: Repository<StatusEntity>) {}

  async list(filter: StatusFilter, page: PageRequest<StatusSortField>): Promise<Page<StatusEntity>> {
    const query = this.statuses.createQueryBuilder('s').leftJoinAndSelect('s.turnovers', 't');
    if (filter.text_id) query.andWhere('s.text_id = :textId', { textId: filter.text_id });
    // Unsorted lists follow the tier chain, lowest first.
    return fetchPage(query, page, { status_id: 's.id', name: 's.name', text_id: 's.textId', last_change: 's.lastChange' }, 's.id', { defaultOrder: 's.tier' });
  }

  async get(statusId: string): Promise<StatusEntity> {
    const status = await this.statuses.findOne({ where: { id: statusId }, relations: { turnovers: true } });
    if (!status) throw CommonException.recordNotFound('statuses', statusId);
    return status;
  }
}
