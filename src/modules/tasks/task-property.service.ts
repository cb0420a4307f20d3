import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../platform/change-feed';
import { PropertyCatalogue } from '../reference-data';

/**
 * The custom fields tasks can carry: values are given when a task is created and read at
 * `/tasks/{task_id}/property-records`. The operator defines them with the admin CLI; the API only reads them.
 */
@Injectable()
export class TaskPropertyService extends PropertyCatalogue {
  constructor(@InjectDataSource() dataSource: DataSource, changes: ChangeFeed) {
    super(changes, dataSource, {
      resource: 'task-properties',
      properties: 'task_properties',
      items: 'task_property_items',
      valuesOf: 'SELECT 1 FROM task_property_records WHERE property_id = $1 LIMIT 1',
      uniqueAllowed: true,
    });
  }
}
