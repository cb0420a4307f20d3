import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { EventTypeDefinitionDto, EventTypeDefinitionViewDto } from './dto/event-type-definition.dto';
import { EventDefinitionService, EventTypeDefinition } from './event-definition.service';

interface TypeRow {
  event_type_id: string;
  text_id: string;
  name: string;
  event_group_id: string;
  event_group_text_id: string;
  icon_name: string | null;
  state: number;
  property_ids: string[];
  last_change: Date;
}

const TYPE_COLUMNS = `t.event_type_id, t.text_id, t.name, t.event_group_id, g.text_id AS event_group_text_id, t.icon_name, t.state, t.last_change,
  array(SELECT tp.property_id FROM event_type_properties tp WHERE tp.event_type_id = t.event_type_id ORDER BY tp.property_id) AS property_ids`;

const toView = (row: TypeRow): EventTypeDefinitionViewDto => ({
  event_type_id: row.event_type_id,
  text_id: row.text_id,
  name: row.name,
  event_group_id: row.event_group_id,
  event_group_text_id: row.event_group_text_id,
  ...(row.icon_name !== null && { icon_name: row.icon_name }),
  state: row.state,
  event_property_ids: row.property_ids,
  last_change: new Date(row.last_change).toISOString(),
});

/** Event types as the operator defines them: found by id or text id; the writes are the service's. */
@Injectable()
export class EventTypeDefinitionRepository implements DefinitionStore<EventTypeDefinitionDto, EventTypeDefinitionViewDto> {
  readonly kind = 'event_type';
  readonly resource = 'event-types';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly definitions: EventDefinitionService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<EventTypeDefinitionViewDto>> {
    const found = await queryRowPage<TypeRow>(
      this.dataSource,
      {
        columns: TYPE_COLUMNS,
        from: 'event_types t JOIN event_groups g ON g.event_group_id = t.event_group_id',
        conditions: ['($1::text IS NULL OR t.text_id ILIKE $1 OR t.name ILIKE $1)', '($2::smallint IS NULL OR t.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'event_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<EventTypeDefinitionViewDto | null> {
    const [row] = await manager.query<TypeRow[]>(
      `SELECT ${TYPE_COLUMNS} FROM event_types t JOIN event_groups g ON g.event_group_id = t.event_group_id WHERE t.event_type_id = $1 OR t.text_id = $1 ORDER BY t.event_type_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: EventTypeDefinitionViewDto): string {
    return view.event_type_id;
  }

  insert(input: EventTypeDefinitionDto, manager: EntityManager): Promise<string> {
    return this.definitions.insertType(definitionOf(input), manager);
  }

  update(id: string, input: EventTypeDefinitionDto, manager: EntityManager): Promise<void> {
    return this.definitions.updateType(id, definitionOf(input), manager);
  }

  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    return this.definitions.setTypeState(id, state, manager);
  }
}

/**
 * The group by id or text id in either field; with both (as `show` prints them), they must name the
 * same group.
 */
function definitionOf(input: EventTypeDefinitionDto): EventTypeDefinition {
  const group = input.event_group_id ?? input.event_group_text_id;
  if (group === undefined) {
    throw CommonException.invalid('event_group_id', InvalidReason.Required, 'Name the group by event_group_id or event_group_text_id');
  }
  return {
    groupTextId: input.event_group_id === undefined ? undefined : input.event_group_text_id,
    textId: input.text_id,
    name: input.name,
    group,
    iconName: input.icon_name,
    state: input.state,
    propertyIds: [...new Set(input.event_property_ids ?? [])],
  };
}
