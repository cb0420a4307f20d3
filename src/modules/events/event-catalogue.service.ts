import { Injectable } from '@nestjs/common';
import { groupBy, pageInMemory } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { ChangeFeed, DefinitionRows, definitionSnapshot, MemorySnapshot } from '../../platform/change-feed';
import { ALL_PROPERTY_SORT_FIELDS, AnyPropertySortField, PROPERTY_STATE, PropertyRow } from '../reference-data';
import { EventGroupEntity, EventTypeEntity, EventTypePropertyEntity } from './entities/event-catalogue.entity';
import { EventPropertyService } from './event-property.service';

const EVENT_GROUP_SORT_COLUMNS = { event_group_id: 'id', name: 'name', text_id: 'textId', state: 'state' } as const;
export type EventGroupSortField = keyof typeof EVENT_GROUP_SORT_COLUMNS;
export const EVENT_GROUP_SORT_FIELDS = Object.keys(EVENT_GROUP_SORT_COLUMNS) as EventGroupSortField[];

const EVENT_TYPE_SORT_COLUMNS = {
  event_type_id: 'id',
  event_group_id: 'eventGroupId',
  name: 'name',
  text_id: 'textId',
  icon_name: 'iconName',
  state: 'state',
} as const;
export type EventTypeSortField = keyof typeof EVENT_TYPE_SORT_COLUMNS;
export const EVENT_TYPE_SORT_FIELDS = Object.keys(EVENT_TYPE_SORT_COLUMNS) as EventTypeSortField[];

/** Event property lists sort by every field the property catalogue ranks. */
export type EventPropertySortField = AnyPropertySortField;
export const EVENT_PROPERTY_SORT_FIELDS: readonly EventPropertySortField[] = ALL_PROPERTY_SORT_FIELDS;

export interface EventGroupFilter {
  /** Part of the name, without regard to letter case. */
  name?: string;
  text_id?: string;
}

export interface EventTypeFilter extends EventGroupFilter {
  /** Any of these groups' text ids, sent as `event_group_text_id` or `event_group_text_id[]`. */
  event_group_text_id?: string[];
  event_group_text_id_brackets?: string[];
}

/** An event type with the text id of its group, as the API shows it. */
export interface EventTypeView {
  type: EventTypeEntity;
  groupTextId: string;
}

const nameMatches = (name: string, part: string | undefined): boolean => !part || name.toLowerCase().includes(part.toLowerCase());

/**
 * The event catalogue as the API reads it: groups, types and properties, held in memory and rebuilt
 * after any change to their tables (the admin CLI, or SQL). Every record is listed whatever its state.
 * The properties themselves are the shared property catalogue's (`EventPropertyService`).
 */
@Injectable()
export class EventCatalogueService {
  private readonly groups: MemorySnapshot<DefinitionRows<EventGroupEntity, EventGroupSortField>>;
  private readonly types: MemorySnapshot<DefinitionRows<EventTypeEntity, EventTypeSortField>>;
  /** The properties each type allows, by type id. */
  private readonly propertiesByType: MemorySnapshot<ReadonlyMap<string, ReadonlySet<string>>>;

  constructor(
    changes: ChangeFeed,
    private readonly properties: EventPropertyService,
  ) {
    this.groups = definitionSnapshot(changes, ['event_groups'], EventGroupEntity, 'id', EVENT_GROUP_SORT_COLUMNS);
    this.types = definitionSnapshot(changes, ['event_types'], EventTypeEntity, 'id', EVENT_TYPE_SORT_COLUMNS);
    this.propertiesByType = new MemorySnapshot(changes, ['event_type_properties'], async (manager) => {
      const byType = groupBy(await manager.find(EventTypePropertyEntity), (link) => link.eventTypeId);
      return new Map([...byType].map(([typeId, links]) => [typeId, new Set(links.map((link) => link.propertyId))]));
    });
  }

  async listGroups(filter: EventGroupFilter, page: PageRequest<EventGroupSortField>): Promise<Page<EventGroupEntity>> {
    const { ranked } = await this.groups.get();
    return pageInMemory(
      ranked,
      (group) => nameMatches(group.name, filter.name) && (!filter.text_id || group.textId === filter.text_id),
      page,
    );
  }

  async getGroup(groupId: string): Promise<EventGroupEntity> {
    const group = (await this.groups.get()).byId.get(groupId);
    if (!group) throw CommonException.recordNotFound('event-groups', groupId);
    return group;
  }

  async listTypes(filter: EventTypeFilter, page: PageRequest<EventTypeSortField>): Promise<Page<EventTypeView>> {
    const [{ ranked }, groups] = [await this.types.get(), (await this.groups.get()).byId];
    const textIds = [...(filter.event_group_text_id ?? []), ...(filter.event_group_text_id_brackets ?? [])];
    const groupIds =
      textIds.length > 0 ? new Set([...groups.values()].filter((group) => textIds.includes(group.textId)).map((group) => group.id)) : null;
    const found = pageInMemory(
      ranked,
      (type) =>
        nameMatches(type.name, filter.name) &&
        (!filter.text_id || type.textId === filter.text_id) &&
        (!groupIds || groupIds.has(type.eventGroupId)),
      page,
    );
    return { items: found.items.map((type) => this.typeView(type, groups)), total: found.total };
  }

  async getType(typeId: string): Promise<EventTypeView> {
    return this.typeView(await this.requireType(typeId), (await this.groups.get()).byId);
  }

  /** The properties events of the type may carry (deleted properties left out); 404 for an unknown type. */
  async listTypeProperties(typeId: string, page: PageRequest<EventPropertySortField>): Promise<Page<PropertyRow>> {
    await this.requireType(typeId);
    const allowed = (await this.propertiesByType.get()).get(typeId);
    return this.properties.listWhere(
      (property) => property.state !== PROPERTY_STATE.Deleted && allowed?.has(property.property_id) === true,
      page,
    );
  }

  async listProperties(filter: { name?: string }, page: PageRequest<EventPropertySortField>): Promise<Page<PropertyRow>> {
    return this.properties.list(filter, page);
  }

  async getProperty(propertyId: string): Promise<PropertyRow> {
    return this.properties.get(propertyId);
  }

  /** The type named by id, in any state; null when there is none. */
  async findType(typeId: string): Promise<EventTypeEntity | null> {
    return (await this.types.get()).byId.get(typeId) ?? null;
  }

  /** The usable (not deleted) properties events of the type may carry, with their items. */
  async allowedProperties(typeId: string): Promise<PropertyRow[]> {
    const [properties, byType] = [await this.properties.all(), await this.propertiesByType.get()];
    return [...(byType.get(typeId) ?? [])]
      .map((propertyId) => properties.get(propertyId))
      .filter((property): property is PropertyRow => property !== undefined && property.state !== PROPERTY_STATE.Deleted);
  }

  /** Names of the properties among `propertyIds`, deleted ones included, by id. */
  async propertyNames(propertyIds: string[]): Promise<Map<string, string>> {
    const properties = await this.properties.all();
    const names = new Map<string, string>();
    for (const propertyId of propertyIds) {
      const property = properties.get(propertyId);
      if (property) names.set(propertyId, property.name);
    }
    return names;
  }

  private async requireType(typeId: string): Promise<EventTypeEntity> {
    const type = await this.findType(typeId);
    if (!type) throw CommonException.recordNotFound('event-types', typeId);
    return type;
  }

  private typeView(type: EventTypeEntity, groups: ReadonlyMap<string, EventGroupEntity>): EventTypeView {
    return { type, groupTextId: groups.get(type.eventGroupId)?.textId ?? '' };
  }
}
