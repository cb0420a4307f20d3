import { formatDateTime } from '@tessera/http';
import { CustomerEventDto } from './dto/customer-event.dto';
import { CustomerEventEntity } from './entities/customer-event.entity';

export function toCustomerEventDto(event: CustomerEventEntity, timeZone: string): CustomerEventDto {
  return {
    event_id: event.id,
    event_type_id: event.eventTypeId,
    customer_id: event.customerId,
    external_id: event.externalId,
    data: event.data,
    created_at: formatDateTime(event.createdAt, timeZone),
    secondary_external_id: event.secondaryExternalId,
    state: event.state,
    // Decision 5: events have no property records yet, and the list is never null.
    property_records: [],
  };
}
