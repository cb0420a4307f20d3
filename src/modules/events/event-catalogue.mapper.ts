import { formatDateTime } from '@tessera/http';
import { EventGroupDto, EventPropertyDto, EventTypeDto } from './dto/event-catalogue.dto';
import { EventGroupEntity } from './entities/event-catalogue.entity';
import { EventPropertyView, EventTypeView } from './event-catalogue.service';

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

export function toEventPropertyDto({ property, items }: EventPropertyView, timeZone: string): EventPropertyDto {
  return {
    property_id: property.id,
    name: property.name,
    description: property.description,
    data_type: property.dataType,
    items: items.map((item) => ({ id: item.id, name: item.name, resource_record_id: item.resourceRecordId, state: item.state })),
    is_required: property.isRequired,
    is_unique: property.isUnique,
    last_change: formatDateTime(property.lastChange, timeZone),
    state: property.state,
  };
}
