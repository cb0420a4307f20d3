import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks.module';
import { TaskPropertiesController, TaskStatesController, TaskTypesController } from './task-catalogue.controller';
import { TasksController } from './tasks.controller';

@Module({
  imports: [TasksModule],
  controllers: [TasksController, TaskTypesController, TaskStatesController, TaskPropertiesController],
})
export class TasksApiModule {}
