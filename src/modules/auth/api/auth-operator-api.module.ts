import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { AuthModule } from '../auth.module';
import { ApplicationsOperatorController } from './applications-operator.controller';
import { OperatorRolesController } from './operator-roles.controller';
import { OperatorSessionsController } from './operator-sessions.controller';
import { OperatorUsersController } from './operator-users.controller';

@Module({
  imports: [AuthModule, AuditModule],
  controllers: [OperatorSessionsController, OperatorUsersController, OperatorRolesController, ApplicationsOperatorController],
})
export class AuthOperatorApiModule {}
