import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CommunicationChannelDefinitionDto, CommunicationChannelDefinitionViewDto } from './dto/communication-channel-definition.dto';

interface ChannelRow {
  communication_channel_id: string;
  text_id: string;
  name: string;
  code: number | null;
  state: number;
  last_change: Date;
}

const COLUMNS = 'communication_channel_id, text_id, name, code, state, last_change';

const toView = (row: ChannelRow): CommunicationChannelDefinitionViewDto => ({
  communication_channel_id: row.communication_channel_id,
  text_id: row.text_id,
  name: row.name,
  ...(row.code === null ? {} : { code: row.code }),
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/**
 * Communication channels as the operator defines them: found by id, text id or code. A new channel has
 * no code, as the codes are the contract's and decide how messages travel; so it serves what names a
 * channel by its id (audiences, consents), never messages. A channel with a code keeps its text id,
 * the well-known name requests use beside the code. Deactivated is retired: the contract no longer
 * lists or reads it, nothing new may name it, and queued messages still go.
 */
@Injectable()
export class CommunicationChannelDefinitionRepository implements DefinitionStore<
  CommunicationChannelDefinitionDto,
  CommunicationChannelDefinitionViewDto
> {
  readonly kind = 'communication_channel';
  readonly resource = 'communication-channels';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CommunicationChannelDefinitionViewDto>> {
    const found = await queryRowPage<ChannelRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'communication_channels',
        conditions: ['($1::text IS NULL OR text_id ILIKE $1 OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['code', 'text_id'],
        id: 'communication_channel_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CommunicationChannelDefinitionViewDto | null> {
    const [row] = await manager.query<ChannelRow[]>(
      `SELECT ${COLUMNS} FROM communication_channels
        WHERE communication_channel_id = $1 OR text_id = $1 OR code::text = $1
        ORDER BY communication_channel_id = $1 DESC, text_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: CommunicationChannelDefinitionViewDto): string {
    return view.communication_channel_id;
  }

  async insert(input: CommunicationChannelDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO communication_channels (communication_channel_id, text_id, name) VALUES ($1, $2, $3)`, [
      id,
      input.text_id,
      input.name.trim(),
    ]);
    return id;
  }

  async update(id: string, input: CommunicationChannelDefinitionDto, manager: EntityManager): Promise<void> {
    const [stored] = await manager.query<{ text_id: string; code: number | null }[]>(
      `SELECT text_id, code FROM communication_channels WHERE communication_channel_id = $1`,
      [id],
    );
    if (stored.code !== null && stored.text_id !== input.text_id) {
      throw CommonException.invalid('text_id', InvalidReason.NotAllowedValue, 'A channel with a code keeps its text id', input.text_id);
    }
    await this.assertTextIdFree(input.text_id, id, manager);
    await manager.query(
      `UPDATE communication_channels SET text_id = $2, name = $3, last_change = now() WHERE communication_channel_id = $1`,
      [id, input.text_id, input.name.trim()],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE communication_channels SET state = $2, last_change = now() WHERE communication_channel_id = $1`, [
      id,
      state,
    ]);
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(
      `SELECT 1 FROM communication_channels WHERE text_id = $1 AND communication_channel_id IS DISTINCT FROM $2`,
      [textId, ownId],
    );
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another channel has this text id', textId);
  }
}
