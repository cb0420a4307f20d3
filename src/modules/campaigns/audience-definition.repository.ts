import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CommunicationChannelService } from '../reference-data';
import { SegmentService } from '../segments';
import { AudienceDefinitionDto, AudienceDefinitionViewDto } from './dto/audience-definition.dto';

interface AudienceRow {
  audience_id: string;
  name: string;
  communication_channel_id: string;
  channel_text_id: string;
  state: number;
  last_change: Date;
  segment_ids: string[];
}

const COLUMNS = `a.audience_id, a.name, a.communication_channel_id, ch.text_id AS channel_text_id, a.state, a.last_change,
  ARRAY(SELECT s.segment_id FROM audience_segments s WHERE s.audience_id = a.audience_id ORDER BY s.segment_id) AS segment_ids`;
const FROM = 'audiences a JOIN communication_channels ch ON ch.communication_channel_id = a.communication_channel_id';

const toView = (row: AudienceRow, memberCount: number): AudienceDefinitionViewDto => ({
  audience_id: row.audience_id,
  name: row.name,
  communication_channel_id: row.communication_channel_id,
  communication_channel_text_id: row.channel_text_id,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
  segment_ids: row.segment_ids,
  member_count: memberCount,
});

/**
 * Audiences as the operator defines them: found by id, as they have no other key. Deactivated is the
 * contract's deleted (state 0), which it still lists and reads.
 */
@Injectable()
export class AudienceDefinitionRepository implements DefinitionStore<AudienceDefinitionDto, AudienceDefinitionViewDto> {
  readonly kind = 'audience';
  readonly resource = 'audiences';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly channels: CommunicationChannelService,
    private readonly segments: SegmentService,
  ) {}

  private async view(row: AudienceRow, manager: EntityManager): Promise<AudienceDefinitionViewDto> {
    return toView(row, await this.segments.memberCount(row.segment_ids, manager));
  }

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<AudienceDefinitionViewDto>> {
    const found = await queryRowPage<AudienceRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: FROM,
        conditions: ['($1::text IS NULL OR a.name ILIKE $1 OR ch.text_id ILIKE $1)', '($2::smallint IS NULL OR a.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'audience_id',
      },
      page,
    );
    return { items: await Promise.all(found.items.map((row) => this.view(row, this.dataSource.manager))), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<AudienceDefinitionViewDto | null> {
    const [row] = await manager.query<AudienceRow[]>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.audience_id = $1`, [key]);
    return row ? this.view(row, manager) : null;
  }

  idOf(view: AudienceDefinitionViewDto): string {
    return view.audience_id;
  }

  async insert(input: AudienceDefinitionDto, manager: EntityManager): Promise<string> {
    const channelId = await this.channelOf(input);
    const id = newId();
    await manager.query(`INSERT INTO audiences (audience_id, name, communication_channel_id) VALUES ($1, $2, $3)`, [
      id,
      input.name.trim(),
      channelId,
    ]);
    await this.setSegments(id, input.segment_ids ?? [], manager);
    return id;
  }

  async update(id: string, input: AudienceDefinitionDto, manager: EntityManager): Promise<void> {
    const [stored] = await manager.query<{ communication_channel_id: string }[]>(
      `SELECT communication_channel_id FROM audiences WHERE audience_id = $1`,
      [id],
    );
    // An audience may keep a channel retired since; only a new choice must be an active one.
    const channelId =
      stored.communication_channel_id === input.communication_channel_id ? stored.communication_channel_id : await this.channelOf(input);
    await manager.query(`UPDATE audiences SET name = $2, communication_channel_id = $3, last_change = now() WHERE audience_id = $1`, [
      id,
      input.name.trim(),
      channelId,
    ]);
    await this.setSegments(id, input.segment_ids ?? [], manager);
  }

  /** Active segments only may be named; the refusal names the field. */
  private async setSegments(id: string, segmentIds: string[], manager: EntityManager): Promise<void> {
    await this.segments.requireExisting(segmentIds, 'segment_ids', manager);
    await manager.query(`DELETE FROM audience_segments WHERE audience_id = $1 AND NOT (segment_id = ANY($2::varchar[]))`, [id, segmentIds]);
    await manager.query(`INSERT INTO audience_segments (audience_id, segment_id) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [
      id,
      segmentIds,
    ]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE audiences SET state = $2, last_change = now() WHERE audience_id = $1`, [id, state]);
  }

  /** A retired channel is offered for no new audience; the refusal names communication_channel_id. */
  private async channelOf(input: AudienceDefinitionDto): Promise<string> {
    return (await this.channels.requireChannel(input.communication_channel_id, 'communication_channel_id')).id;
  }
}
