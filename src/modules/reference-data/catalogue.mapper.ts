import { formatDateTime } from '@tessera/http';
import { CustomerEngagementSetupDto } from './dto/catalogue.dto';
import { PropertyDto } from './dto/property.dto';
import { CustomerEngagementSetupEntity } from './entities/customer-engagement-setup.entity';
import { PropertyRow } from './property-catalogue';

export function toPropertyDto(row: PropertyRow, timeZone: string): PropertyDto {
  return {
    property_id: row.property_id,
    name: row.name,
    ...(row.description === null ? {} : { description: row.description }),
    data_type: row.data_type,
    items: row.items.map((item) => ({
      id: item.id,
      name: item.name,
      ...(item.resource_record_id === null ? {} : { resource_record_id: item.resource_record_id }),
      state: item.state,
    })),
    is_required: row.is_required,
    is_unique: row.is_unique,
    last_change: formatDateTime(new Date(row.last_change), timeZone),
    state: row.state,
  };
}

export function toEngagementSetupDto(setup: CustomerEngagementSetupEntity): CustomerEngagementSetupDto {
  return { setup_id: setup.id, setup: setup.setup, state: setup.state };
}
