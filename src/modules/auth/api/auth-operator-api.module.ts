import { Module } from '@nestjs/common';
import { AuthModule } from '../auth.module';
import { OperatorRolesController } from './operator-roles.controller';
import { OperatorSessionsController } from './operator-sessions.controller';
import { OperatorUsersController } from './operator-users.controller';

@Module({ imports: [AuthModule], controllers: [OperatorSessionsController, OperatorUsersController, OperatorRolesController] })
export class AuthOperatorApiModule {}
