import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../platform/change-feed';
import { PropertyCatalogue } from '../reference-data';

/**
 * The custom fields booking tickets can carry. Tickets are filtered by their values; the values show on
 * booking items (`additional_properties`). The operator defines them with the admin CLI.
 */
@Injectable()
export class BookingTicketPropertyService extends PropertyCatalogue {
  constructor(@InjectDataSource() dataSource: DataSource, changes: ChangeFeed) {
    super(changes, dataSource, {
      resource: 'booking-ticket-properties',
      properties: 'booking_ticket_properties',
      items: 'booking_ticket_property_items',
      valuesOf: 'SELECT 1 FROM booking_ticket_property_records WHERE property_id = $1 LIMIT 1',
      // Nothing checks values across tickets.
      uniqueAllowed: false,
    });
  }
}
