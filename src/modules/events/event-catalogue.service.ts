import { Injectable } from '@nestjs/common';
import { groupBy, pageInMemory } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { ChangeFeed, DefinitionRows, definitionSnapshot, MemorySnapshot } from '../../platform/change-feed';
import {
  EventCatalogueState,
  EventGroupEntity,
  EventPropertyEntity,
  EventPropertyItemEntity,
  EventTypeEntity,
  EventTypePropertyEntity,
} from './entities/event-catalogue.entity';

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

const EVENT_PROPERTY_SORT_COLUMNS = {
  property_id: 'id',
  name: 'name',
  description: 'description',
  data_type: 'dataType',
  is_required: 'isRequired',
  is_unique: 'isUnique',
  last_change: 'lastChange',
  state: 'state',
} as const;
export type EventPropertySortField = keyof typeof EVENT_PROPERTY_SORT_COLUMNS;
export const EVENT_PROPERTY_SORT_FIELDS = Object.keys(EVENT_PROPERTY_SORT_COLUMNS) as EventPropertySortField[];

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

/** A property with its items, as the API shows it. */
export interface EventPropertyView {
  property: EventPropertyEntity;
  items: EventPropertyItemEntity[];
}

/** Which items each property has and which properties each type allows. */
interface CatalogueLinks {
  itemsByProperty: ReadonlyMap<string, EventPropertyItemEntity[]>;
  propertiesByType: ReadonlyMap<string, ReadonlySet<string>>;
}

const nameMatches = (name: string, part: string | undefined): boolean => !part || name.toLowerCase().includes(part.toLowerCase());

/**
 * The event catalogue as the API reads it: groups, types and properties, held in memory and rebuilt
 * after any change to their tables (the admin CLI, or SQL). Every record is listed whatever its state.
 */
@Injectable()
export class EventCatalogueService {
  private readonly groups: MemorySnapshot<DefinitionRows<EventGroupEntity, EventGroupSortField>>;
  private readonly types: MemorySnapshot<DefinitionRows<EventTypeEntity, EventTypeSortField>>;
  private readonly properties: MemorySnapshot<DefinitionRows<EventPropertyEntity, EventPropertySortField>>;
  private readonly links: MemorySnapshot<CatalogueLinks>;

  constructor(changes: ChangeFeed) {
    this.groups = definitionSnapshot(changes, ['event_groups'], EventGroupEntity, 'id', EVENT_GROUP_SORT_COLUMNS);
    this.types = definitionSnapshot(changes, ['event_types'], EventTypeEntity, 'id', EVENT_TYPE_SORT_COLUMNS);
    this.properties = definitionSnapshot(changes, ['event_properties'], EventPropertyEntity, 'id', EVENT_PROPERTY_SORT_COLUMNS);
    this.links = new MemorySnapshot(changes, ['event_property_items', 'event_type_properties'], async (manager) => {
      const items = await manager.find(EventPropertyItemEntity, { order: { id: 'ASC' } });
      const allowed = await manager.find(EventTypePropertyEntity);
      const byType = groupBy(allowed, (link) => link.eventTypeId);
      return {
        itemsByProperty: groupBy(items, (item) => item.propertyId),
        propertiesByType: new Map([...byType].map(([typeId, links]) => [typeId, new Set(links.map((link) => link.propertyId))])),
      };
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
  async listTypeProperties(typeId: string, page: PageRequest<EventPropertySortField>): Promise<Page<EventPropertyView>> {
    await this.requireType(typeId);
    const allowed = (await this.links.get()).propertiesByType.get(typeId);
    return this.propertyPage((property) => property.state !== EventCatalogueState.Deleted && allowed?.has(property.id) === true, page);
  }

  async listProperties(filter: { name?: string }, page: PageRequest<EventPropertySortField>): Promise<Page<EventPropertyView>> {
    return this.propertyPage((property) => nameMatches(property.name, filter.name), page);
  }

  async getProperty(propertyId: string): Promise<EventPropertyView> {
    const property = (await this.properties.get()).byId.get(propertyId);
    if (!property) throw CommonException.recordNotFound('event-properties', propertyId);
    return { property, items: (await this.links.get()).itemsByProperty.get(propertyId) ?? [] };
  }

  /** The type named by id, in any state; null when there is none. */
  async findType(typeId: string): Promise<EventTypeEntity | null> {
    return (await this.types.get()).byId.get(typeId) ?? null;
  }

  /** The usable (not deleted) properties events of the type may carry, with their items. */
  async allowedProperties(typeId: string): Promise<EventPropertyView[]> {
    const [properties, links] = [(await this.properties.get()).byId, await this.links.get()];
    return [...(links.propertiesByType.get(typeId) ?? [])]
      .map((propertyId) => properties.get(propertyId))
      .filter((property): property is EventPropertyEntity => property !== undefined && property.state !== EventCatalogueState.Deleted)
      .map((property) => ({ property, items: links.itemsByProperty.get(property.id) ?? [] }));
  }

  /** Names of the properties among `propertyIds`, deleted ones included, by id. */
  async propertyNames(propertyIds: string[]): Promise<Map<string, string>> {
    const properties = (await this.properties.get()).byId;
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

  private async propertyPage(
    matches: (property: EventPropertyEntity) => boolean,
    page: PageRequest<EventPropertySortField>,
  ): Promise<Page<EventPropertyView>> {
    const [{ ranked }, { itemsByProperty }] = [await this.properties.get(), await this.links.get()];
    const found = pageInMemory(ranked, matches, page);
    return { items: found.items.map((property) => ({ property, items: itemsByProperty.get(property.id) ?? [] })), total: found.total };
  }
}
