import { Injectable } from '@nestjs/common';
import { pageInMemory } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../platform/change-feed';
import { CommunicationChannelEntity } from './entities/communication-channel.entity';

export const COMMUNICATION_CHANNEL_SORT_FIELDS = ['communication_channel_id', 'name', 'text_id'] as const;
export type CommunicationChannelSortField = (typeof COMMUNICATION_CHANNEL_SORT_FIELDS)[number];

/** The integer codes of the channels that carry one (the API's enums use them). */
export enum ChannelCode {
  Email = 1,
  Sms = 2,
  MobilePush = 4,
  InternalNotification = 5,
  Viber = 9,
}

/** What other contexts need to know of a channel. */
export interface CommunicationChannelRef {
  id: string;
  textId: string;
  name: string;
  code: ChannelCode | null;
}

/** The channels messages can travel by; the list is short and lives in memory on every instance. */
@Injectable()
export class CommunicationChannelService {
  private readonly snapshot: MemorySnapshot<DefinitionRows<CommunicationChannelEntity, CommunicationChannelSortField>>;

  constructor(changes: ChangeFeed) {
    this.snapshot = definitionSnapshot(changes, ['communication_channels'], CommunicationChannelEntity, 'id', {
      communication_channel_id: 'id',
      name: 'name',
      text_id: 'textId',
    });
  }

  /** Active channels only: a retired channel is gone for the API. */
  async list(page: PageRequest<CommunicationChannelSortField>): Promise<Page<CommunicationChannelEntity>> {
    return pageInMemory((await this.snapshot.get()).ranked, (channel) => channel.state === 1, page);
  }

  async get(channelId: string): Promise<CommunicationChannelEntity> {
    const channel = (await this.snapshot.get()).byId.get(channelId);
    if (!channel || channel.state !== 1) throw CommonException.recordNotFound('communication-channels', channelId);
    return channel;
  }

  /** The active channel with this integer code, or null. */
  async findByCode(code: number): Promise<CommunicationChannelRef | null> {
    const { byId } = await this.snapshot.get();
    for (const channel of byId.values()) if (channel.code === code && channel.state === 1) return refOf(channel);
    return null;
  }

  /**
   * The channel a string-typed field names: its record id, or for convenience its integer code
   * written as a string, or its text id (`email`). A 400 `not_found` naming `field` when no active channel matches.
   */
  async requireChannel(value: string, field: string): Promise<CommunicationChannelRef> {
    const { byId } = await this.snapshot.get();
    let channel = byId.get(value);
    if (!channel && /^\d{1,4}$/.test(value)) channel = [...byId.values()].find((candidate) => candidate.code === Number(value));
    channel ??= [...byId.values()].find((candidate) => candidate.textId === value);
    if (!channel || channel.state !== 1)
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No communication channel has this id', value);
    return refOf(channel);
  }
}

function refOf(channel: CommunicationChannelEntity): CommunicationChannelRef {
  return { id: channel.id, textId: channel.textId, name: channel.name, code: channel.code };
}
