import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../platform/change-feed';
import { PropertyCatalogue } from './property-catalogue';

/**
 * The custom fields partners can carry (`/partners/{partner_id}/property-records` shows their values).
 * The operator defines them with the admin CLI; the API only reads them.
 */
@Injectable()
export class PartnerPropertyService extends PropertyCatalogue {
  constructor(@InjectDataSource() dataSource: DataSource, changes: ChangeFeed) {
    super(changes, dataSource, {
      resource: 'partner-properties',
      properties: 'partner_properties',
      items: 'partner_property_items',
      valuesOf: 'SELECT 1 FROM partner_property_records WHERE property_id = $1 LIMIT 1',
      uniqueAllowed: true,
    });
  }
}
