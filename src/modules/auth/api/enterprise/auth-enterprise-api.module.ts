import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth.module';
import { UserRolesController } from './user-roles.controller';
import { UsersController } from './users.controller';

@Module({ imports: [AuthModule], controllers: [UsersController, UserRolesController] })
export class AuthEnterpriseApiModule {}
