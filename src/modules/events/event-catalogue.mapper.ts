import { formatDateTime } from '@tessera/http';
import { EventGroupDto, EventPropertyDto, EventTypeDto } from './dto/event-catalogue.dto';
import { EventGroupEntity } from './entities/event-catalogue.entity';
import { EventTypeView } from './event-catalogue.service';
import { PropertyRow } from '../reference-data';

export function toEventGroupDto(group: EventGroupEntity): EventGroupDto {
  return { event_group_id: group.id, name: group.name, text_id: group.textId, state: group.state };
}

export function toEventTypeDto({ type, groupTextId }: EventTypeView): EventTypeDto {
  return {
    event_type_id: type.id,
    event_group_id: type.eventGroupId,
    event_group_text_id: groupTextId,
    name: type.name,
    text_id: type.textId,
    icon_name: type.iconName,
    state: type.state,
  };
}

export function toEventPropertyDto(property: PropertyRow, timeZone: string): EventPropertyDto {
  return {
    property_id: property.property_id,
    name: property.name,
    description: property.description,
    data_type: property.data_type,
    items: property.items.map((item) => ({ id: item.id, name: item.name, resource_record_id: item.resource_record_id, state: item.state })),
    is_required: property.is_required,
    is_unique: property.is_unique,
    last_change: formatDateTime(new Date(property.last_change), timeZone),
    state: property.state,
  };
}
