import { formatDateTime } from '@tessera/http';
import { EventPropertyRecordView, EventView } from './customer-event.service';
import { EventDto, EventPropertyRecordDto } from './dto/event.dto';

export function toEventPropertyRecordDto({ record, propertyName }: EventPropertyRecordView, timeZone: string): EventPropertyRecordDto {
  return {
    property_record_id: `${record.propertyId}:${record.eventId}`,
    property_id: record.propertyId,
    property_name: propertyName,
    property_value: record.propertyValue,
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}

export function toEventDto({ event, propertyRecords }: EventView, timeZone: string): EventDto {
  return {
    event_id: event.id,
    event_type_id: event.eventTypeId,
    customer_id: event.customerId,
    external_id: event.externalId,
    data: event.data,
    created_at: formatDateTime(event.createdAt, timeZone),
    secondary_external_id: event.secondaryExternalId,
    state: event.state,
    // Decision 5: without include_property_records the list is empty, never null.
    property_records: propertyRecords.map((record) => toEventPropertyRecordDto(record, timeZone)),
  };
}
