import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../../platform/change-feed';
import { PropertyCatalogue, PropertyCatalogueTables, TIMED_PROPERTY_DATA_TYPES } from '../../reference-data';

/**
 * Reward and voucher properties share one table, told apart by `resource`. Their values are written in
 * the database, where nothing checks them for uniqueness, so no property of either can be unique.
 */
const sharedTables = (resource: 'reward' | 'voucher'): PropertyCatalogueTables => ({
  resource: `${resource}-properties`,
  properties: 'reward_properties',
  items: 'reward_property_items',
  valuesOf: `SELECT 1 FROM ${resource}_property_records WHERE property_id = $1 LIMIT 1`,
  uniqueAllowed: false,
  dataTypes: TIMED_PROPERTY_DATA_TYPES,
  valueHolders: resource === 'reward' ? 'Rewards' : 'Vouchers',
  scope: { column: 'resource', value: resource },
});

/** The reward properties' definitions, for the operator's writes; the API reads them through `RewardPropertyService`. */
@Injectable()
export class RewardPropertyCatalogue extends PropertyCatalogue {
  constructor(@InjectDataSource() dataSource: DataSource, changes: ChangeFeed) {
    super(changes, dataSource, sharedTables('reward'));
  }
}

/** The voucher properties' definitions, for the operator's writes; the API reads them through `RewardPropertyService`. */
@Injectable()
export class VoucherPropertyCatalogue extends PropertyCatalogue {
  constructor(@InjectDataSource() dataSource: DataSource, changes: ChangeFeed) {
    super(changes, dataSource, sharedTables('voucher'));
  }
}
