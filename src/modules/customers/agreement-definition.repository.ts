import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CommunicationChannelService } from '../reference-data';
import { AgreementDefinitionDto, AgreementDefinitionViewDto } from './dto/agreement-definition.dto';

interface AgreementRow {
  agreement_id: string;
  text_id: string;
  name: string;
  text: string;
  withdrawal_text: string | null;
  communication_channel_id: string | null;
  state: number;
  last_change: Date;
}

const toView = (row: AgreementRow): AgreementDefinitionViewDto => ({
  agreement_id: row.agreement_id,
  text_id: row.text_id,
  name: row.name,
  text: row.text,
  withdrawal_text: row.withdrawal_text,
  communication_channel_id: row.communication_channel_id,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const COLUMNS = 'agreement_id, text_id, name, text, withdrawal_text, communication_channel_id, state, last_change';

/** Agreements (the consents customers give) as the operator defines them: found by id or text id. */
@Injectable()
export class AgreementDefinitionRepository implements DefinitionStore<AgreementDefinitionDto, AgreementDefinitionViewDto> {
  readonly kind = 'agreement';
  readonly resource = 'agreements';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly channels: CommunicationChannelService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<AgreementDefinitionViewDto>> {
    const found = await queryRowPage<AgreementRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'agreements',
        conditions: ['($1::text IS NULL OR text_id ILIKE $1 OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'agreement_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<AgreementDefinitionViewDto | null> {
    const [row] = await manager.query<AgreementRow[]>(
      `SELECT ${COLUMNS} FROM agreements WHERE agreement_id = $1 OR text_id = $1 ORDER BY agreement_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: AgreementDefinitionViewDto): string {
    return view.agreement_id;
  }

  async insert(input: AgreementDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    await manager.query(
      `INSERT INTO agreements (agreement_id, text_id, name, text, withdrawal_text, communication_channel_id) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, input.text_id, input.name.trim(), input.text ?? '', input.withdrawal_text ?? null, await this.channelId(input)],
    );
    return id;
  }

  async update(id: string, input: AgreementDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id, id, manager);
    await manager.query(
      `UPDATE agreements SET text_id = $2, name = $3, text = $4, withdrawal_text = $5, communication_channel_id = $6, last_change = now()
        WHERE agreement_id = $1`,
      [id, input.text_id, input.name.trim(), input.text ?? '', input.withdrawal_text ?? null, await this.channelId(input)],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE agreements SET state = $2, last_change = now() WHERE agreement_id = $1`, [id, state]);
  }

  /** The channel's id, whether the operator typed it or the channel's text id. */
  private async channelId(input: AgreementDefinitionDto): Promise<string | null> {
    if (!input.communication_channel_id) return null;
    return (await this.channels.requireChannel(input.communication_channel_id, 'communication_channel_id')).id;
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM agreements WHERE text_id = $1 AND agreement_id IS DISTINCT FROM $2`, [
      textId,
      ownId,
    ]);
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another agreement has this text id', textId);
  }
}
