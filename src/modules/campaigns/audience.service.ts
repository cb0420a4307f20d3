import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern, newId } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CommunicationChannelService } from '../reference-data';
import { AudienceEntity, AudienceState } from './entities/audience.entity';

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

/** An audience as the operator defines it; the channel by its id or its numeric code written as a string. */
export interface AudienceDefinition {
  name: string;
  communication_channel_id: string;
}

/** One audience in the operator's overview. */
export interface AudienceOverview {
  audience: AudienceEntity;
  channelTextId: string;
}

/** Audiences: a catalogue the operator keeps (admin CLI), which the Enterprise interface reads. */
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

  // ---- the operator's (admin CLI) ----

  /** Every audience whatever its state, by name, with its channel's text id. */
  async listAll(): Promise<AudienceOverview[]> {
    const rows = await this.audiences
      .createQueryBuilder('a')
      .innerJoin('communication_channels', 'ch', 'ch.communication_channel_id = a.communication_channel_id')
      .addSelect('ch.text_id', 'channel_text_id')
      .orderBy('a.name')
      .addOrderBy('a.id')
      .getRawAndEntities<{ channel_text_id: string }>();
    return rows.entities.map((audience, index) => ({ audience, channelTextId: rows.raw[index].channel_text_id }));
  }

  /** Creates an active audience, or with `audienceId` replaces one (restoring it if removed). */
  async define(definition: AudienceDefinition, audienceId?: string): Promise<string> {
    const channel = await this.channels.requireChannel(definition.communication_channel_id, 'communication_channel_id');
    const values = { name: definition.name, communicationChannelId: channel.id, state: AudienceState.Active };
    if (audienceId === undefined) {
      const id = newId();
      await this.audiences.insert({ id, ...values });
      return id;
    }
    const updated = await this.audiences.update({ id: audienceId }, { ...values, lastChange: () => 'now()' });
    if (!updated.affected) throw CommonException.invalid('audience_id', InvalidReason.NotFound, 'No audience has this id', audienceId);
    return audienceId;
  }

  /** Marks the audience deleted (state 0), keeping it; false when it was deleted already. */
  async remove(audienceId: string): Promise<boolean> {
    const audience = await this.get(audienceId);
    if (audience.state === AudienceState.Deleted) return false;
    await this.audiences.update({ id: audienceId }, { state: AudienceState.Deleted, lastChange: () => 'now()' });
    return true;
  }
}
