import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PropertyCatalogueDefinitionRepository } from '../reference-data';
import { TaskPropertyService } from './task-property.service';

/** Task properties as the operator defines them. */
@Injectable()
export class TaskPropertyDefinitionRepository extends PropertyCatalogueDefinitionRepository {
  constructor(@InjectDataSource() dataSource: DataSource, catalogue: TaskPropertyService) {
    super(dataSource, catalogue, 'task_property');
  }
}
