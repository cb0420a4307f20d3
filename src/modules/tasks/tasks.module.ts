import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { CustomersModule } from '../customers';
import { TaskStateEntity, TaskTypeEntity } from './entities/task-catalogue.entity';
import { TaskAssigneeEntity, TaskCommentEntity, TaskEntity, TaskPropertyRecordEntity } from './entities/task.entity';
import { TaskCatalogueService } from './task-catalogue.service';
import { TaskDiscussionService } from './task-discussion.service';
import { TaskPropertyService } from './task-property.service';
import { TaskPropertyDefinitionRepository } from './task-property-definition.repository';
import { TaskService } from './task.service';
import { TaskStateDefinitionRepository } from './task-state-definition.repository';
import { TaskTypeDefinitionRepository } from './task-type-definition.repository';

/** Tasks of customers, their comments, assignees and property values, and the task type, state and property catalogues. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      TaskTypeEntity,
      TaskStateEntity,
      TaskEntity,
      TaskCommentEntity,
      TaskAssigneeEntity,
      TaskPropertyRecordEntity,
    ]),
    AuthModule,
    CustomersModule,
  ],
  providers: [
    TaskCatalogueService,
    TaskTypeDefinitionRepository,
    TaskStateDefinitionRepository,
    TaskPropertyService,
    TaskPropertyDefinitionRepository,
    TaskService,
    TaskDiscussionService,
  ],
  exports: [
    TaskCatalogueService,
    TaskTypeDefinitionRepository,
    TaskStateDefinitionRepository,
    TaskPropertyService,
    TaskPropertyDefinitionRepository,
    TaskService,
    TaskDiscussionService,
  ],
})
export class TasksModule {}
