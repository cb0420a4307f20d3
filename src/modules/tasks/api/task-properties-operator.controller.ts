import { propertyCatalogueOperatorController } from '../../reference-data';
import { TaskPropertyDefinitionRepository } from '../task-property-definition.repository';

/** The task property catalogue on the operator API, with the lifecycle every property catalogue shares. */
export const TaskPropertiesOperatorController = propertyCatalogueOperatorController({
  resource: 'task-properties',
  noun: 'task property',
  holders: 'tasks',
  store: TaskPropertyDefinitionRepository,
});
