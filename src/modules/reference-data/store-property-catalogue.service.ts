import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../platform/change-feed';
import { PropertyCatalogue } from './property-catalogue';

/**
 * The store properties' definitions in the shared property catalogue, for the operator's writes; the
 * API reads them through `StorePropertyService`. Store values are checked for uniqueness when written.
 */
@Injectable()
export class StorePropertyCatalogue extends PropertyCatalogue {
  constructor(@InjectDataSource() dataSource: DataSource, changes: ChangeFeed) {
    super(changes, dataSource, {
      resource: 'store-properties',
      properties: 'store_properties',
      items: 'store_property_items',
      valuesOf: 'SELECT 1 FROM store_property_records WHERE property_id = $1 LIMIT 1',
      uniqueAllowed: true,
      valueHolders: 'Stores',
    });
  }
}
