import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../platform/change-feed';
import { PropertyCatalogue, TIMED_PROPERTY_DATA_TYPES } from '../reference-data';

/**
 * The properties events may carry values of, in the shared property catalogue; which event types
 * allow which property is the event catalogue's own (`event_type_properties`). Uniqueness is checked
 * when an event is posted.
 */
@Injectable()
export class EventPropertyService extends PropertyCatalogue {
  constructor(@InjectDataSource() dataSource: DataSource, changes: ChangeFeed) {
    super(changes, dataSource, {
      resource: 'event-properties',
      properties: 'event_properties',
      items: 'event_property_items',
      valuesOf: 'SELECT 1 FROM event_property_records WHERE property_id = $1 LIMIT 1',
      uniqueAllowed: true,
      dataTypes: TIMED_PROPERTY_DATA_TYPES,
      valueHolders: 'Events',
    });
  }
}
