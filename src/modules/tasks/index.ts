/** What the admin CLI may use of tasks: the task type, task state and task property catalogues. */
export { TasksModule } from './tasks.module';
export {
  TaskCatalogueService,
  type TaskCatalogueDefinition,
  type TaskDefineOutcome,
  type TaskStateDefinition,
} from './task-catalogue.service';
export { TaskPropertyService } from './task-property.service';
export { TaskCatalogueState } from './entities/task-catalogue.entity';
