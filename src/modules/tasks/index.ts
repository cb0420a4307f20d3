/** What the admin CLI and webhooks may use of tasks: the task type, task state and task property catalogues, and tasks as the API shows them. */
export { TasksModule } from './tasks.module';
export { TaskCatalogueService, type TaskCatalogueDefinition, type TaskStateDefinition } from './task-catalogue.service';
export { TaskTypeDefinitionRepository } from './task-type-definition.repository';
export { TaskStateDefinitionRepository } from './task-state-definition.repository';
export {
  TaskStateDefinitionDto,
  TaskStateDefinitionViewDto as TaskStateDefinitionView,
  TaskTypeDefinitionDto,
  TaskTypeDefinitionViewDto as TaskTypeDefinitionView,
} from './dto/task-catalogue-definition.dto';
export { TaskPropertyService } from './task-property.service';
export { TaskPropertyDefinitionRepository } from './task-property-definition.repository';
export { TaskCatalogueState } from './entities/task-catalogue.entity';
export { TaskService } from './task.service';
export { toTaskDto } from './tasks.mapper';
