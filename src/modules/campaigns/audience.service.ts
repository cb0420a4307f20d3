import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { CommunicationChannelService } from '../reference-data';
import { AudienceEntity } from './entities/audience.entity';

const AUDIENCE_SORT_COLUMNS = {
  audience_id: 'a.id',
  name: 'a.name',
  communication_channel_id: 'a.communicationChannelId',
  state: 'a.state',
  last_change: 'a.lastChange',
} as const;
export type AudienceSortField = keyof typeof AUDIENCE_SORT_COLUMNS;
export const AUDIENCE_SORT_FIELDS = Object.keys(AUDIENCE_SORT_COLUMNS) as AudienceSortField[];

export interface AudienceFilter {
  /** Part of the name, without regard to letter case. */
  name?: string;
  /** A channel id, or its numeric code written as a string. */
  communication_channel_id?: string;
}

/** Audiences as the Enterprise interface reads them; the operator keeps them (`AudienceDefinitionRepository`). */
@Injectable()
export class AudienceService {
  constructor(
    @InjectRepository(AudienceEntity) private readonly audiences: Repository<AudienceEntity>,
    private readonly channels: CommunicationChannelService,
  ) {}

  async list(filter: AudienceFilter, page: PageRequest<AudienceSortField>): Promise<Page<AudienceEntity>> {
    const query = this.audiences.createQueryBuilder('a');
    if (filter.name) query.andWhere('a.name ILIKE :name', { name: likePattern(filter.name) });
    if (filter.communication_channel_id !== undefined) {
      const channel = await this.channels.requireChannel(filter.communication_channel_id, 'communication_channel_id');
      query.andWhere('a.communication_channel_id = :channelId', { channelId: channel.id });
    }
    return fetchPage(query, page, AUDIENCE_SORT_COLUMNS, 'a.id', { oneRowPerRecord: true });
  }

  async get(audienceId: string): Promise<AudienceEntity> {
    const audience = await this.audiences.findOne({ where: { id: audienceId } });
    if (!audience) throw CommonException.recordNotFound('audiences', audienceId);
    return audience;
  }
}
