import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { TasksModule } from '../tasks.module';
import { TaskStatesOperatorController, TaskTypesOperatorController } from './tasks-operator.controller';

@Module({ imports: [TasksModule, AuditModule], controllers: [TaskTypesOperatorController, TaskStatesOperatorController] })
export class TasksOperatorApiModule {}
