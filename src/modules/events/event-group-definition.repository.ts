import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { EventGroupDefinitionDto, EventGroupDefinitionViewDto } from './dto/event-group-definition.dto';
import { EventCatalogueState } from './entities/event-catalogue.entity';
import { EventDefinitionService } from './event-definition.service';

interface GroupRow {
  event_group_id: string;
  text_id: string;
  name: string;
  state: number;
  types: number;
  last_change: Date;
}

const GROUP_COLUMNS = `g.event_group_id, g.text_id, g.name, g.state, g.last_change,
  (SELECT count(*)::int FROM event_types t WHERE t.event_group_id = g.event_group_id AND t.state <> ${EventCatalogueState.Deleted}) AS types`;

const toView = (row: GroupRow): EventGroupDefinitionViewDto => ({
  event_group_id: row.event_group_id,
  text_id: row.text_id,
  name: row.name,
  state: row.state,
  types: row.types,
  last_change: new Date(row.last_change).toISOString(),
});

/** Event groups as the operator defines them: found by id or text id; the writes are the service's. */
@Injectable()
export class EventGroupDefinitionRepository implements DefinitionStore<EventGroupDefinitionDto, EventGroupDefinitionViewDto> {
  readonly kind = 'event_group';
  readonly resource = 'event-groups';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly definitions: EventDefinitionService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<EventGroupDefinitionViewDto>> {
    const found = await queryRowPage<GroupRow>(
      this.dataSource,
      {
        columns: GROUP_COLUMNS,
        from: 'event_groups g',
        conditions: ['($1::text IS NULL OR g.text_id ILIKE $1 OR g.name ILIKE $1)', '($2::smallint IS NULL OR g.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'event_group_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<EventGroupDefinitionViewDto | null> {
    const [row] = await manager.query<GroupRow[]>(
      `SELECT ${GROUP_COLUMNS} FROM event_groups g WHERE g.event_group_id = $1 OR g.text_id = $1 ORDER BY g.event_group_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: EventGroupDefinitionViewDto): string {
    return view.event_group_id;
  }

  insert(input: EventGroupDefinitionDto, manager: EntityManager): Promise<string> {
    return this.definitions.insertGroup({ textId: input.text_id, name: input.name, state: input.state }, manager);
  }

  update(id: string, input: EventGroupDefinitionDto, manager: EntityManager): Promise<void> {
    return this.definitions.updateGroup(id, { textId: input.text_id, name: input.name, state: input.state }, manager);
  }

  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    return this.definitions.setGroupState(id, state, manager);
  }
}
