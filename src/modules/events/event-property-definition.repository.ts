import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { PROPERTY_STATE, PropertyDefinition, PropertyItemRow } from '../reference-data';
import { EventPropertyDefinitionDto, EventPropertyDefinitionViewDto } from './dto/event-property-definition.dto';
import { EventPropertyService } from './event-property.service';

interface PropertyRow {
  property_id: string;
  name: string;
  description: string | null;
  data_type: string;
  is_required: boolean;
  is_unique: boolean;
  state: number;
  last_change: Date;
  items: PropertyItemRow[];
  event_types: string[];
}

/** Deactivated items stay for the values that name them, but are no longer part of the definition. */
const toView = (row: PropertyRow): EventPropertyDefinitionViewDto => ({
  property_id: row.property_id,
  name: row.name,
  ...(row.description === null ? {} : { description: row.description }),
  data_type: row.data_type,
  is_required: row.is_required,
  is_unique: row.is_unique,
  items: row.items
    .filter((item) => item.state === PROPERTY_STATE.Active)
    .map((item) => ({
      id: item.id,
      name: item.name,
      ...(item.resource_record_id === null ? {} : { resource_record_id: item.resource_record_id }),
    })),
  state: row.state,
  event_types: row.event_types,
  last_change: new Date(row.last_change).toISOString(),
});

const PROPERTY_COLUMNS = `
  p.property_id, p.name, p.description, p.data_type, p.is_required, p.is_unique, p.state, p.last_change,
         coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'resource_record_id', i.resource_record_id, 'state', i.state)
                                   ORDER BY i.id)
                     FROM event_property_items i WHERE i.property_id = p.property_id), '[]') AS items,
         array(SELECT t.text_id FROM event_type_properties tp JOIN event_types t ON t.event_type_id = tp.event_type_id
                WHERE tp.property_id = p.property_id ORDER BY t.text_id) AS event_types`;

const toDefinition = (input: EventPropertyDefinitionDto): PropertyDefinition => ({
  propertyId: input.property_id,
  name: input.name,
  description: input.description,
  dataType: input.data_type,
  isRequired: input.is_required ?? false,
  isUnique: input.is_unique ?? false,
  items: (input.items ?? []).map((item) => ({ id: item.id, name: item.name, resourceRecordId: item.resource_record_id })),
});

/** Event properties as the operator defines them: found by their readable id; the writes are the shared property catalogue's. */
@Injectable()
export class EventPropertyDefinitionRepository implements DefinitionStore<EventPropertyDefinitionDto, EventPropertyDefinitionViewDto> {
  readonly kind = 'event_property';
  readonly resource = 'event-properties';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly properties: EventPropertyService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<EventPropertyDefinitionViewDto>> {
    const found = await queryRowPage<PropertyRow>(
      this.dataSource,
      {
        columns: PROPERTY_COLUMNS,
        from: 'event_properties p',
        conditions: ['($1::text IS NULL OR p.property_id ILIKE $1 OR p.name ILIKE $1)', '($2::smallint IS NULL OR p.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: [],
        id: 'property_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<EventPropertyDefinitionViewDto | null> {
    const [row] = await manager.query<PropertyRow[]>(`SELECT ${PROPERTY_COLUMNS} FROM event_properties p WHERE p.property_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: EventPropertyDefinitionViewDto): string {
    return view.property_id;
  }

  async insert(input: EventPropertyDefinitionDto, manager: EntityManager): Promise<string> {
    await this.properties.insertIn(toDefinition(input), manager);
    return input.property_id;
  }

  update(id: string, input: EventPropertyDefinitionDto, manager: EntityManager): Promise<void> {
    return this.properties.updateIn(id, toDefinition(input), manager);
  }

  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    return this.properties.setStateIn(id, state, manager);
  }
}
