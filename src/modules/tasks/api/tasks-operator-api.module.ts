import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { TasksModule } from '../tasks.module';
import { TaskPropertiesOperatorController } from './task-properties-operator.controller';
import { TaskStatesOperatorController, TaskTypesOperatorController } from './tasks-operator.controller';

@Module({
  imports: [TasksModule, AuditModule],
  controllers: [TaskTypesOperatorController, TaskStatesOperatorController, TaskPropertiesOperatorController],
})
export class TasksOperatorApiModule {}
