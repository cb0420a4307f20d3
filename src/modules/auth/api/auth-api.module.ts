import { Module } from '@nestjs/common';
import { AuthModule } from '../auth.module';
import { TokensController } from './tokens.controller';
import { UserRolesController } from './user-roles.controller';
import { UsersController } from './users.controller';

@Module({ imports: [AuthModule], controllers: [UsersController, UserRolesController, TokensController] })
export class AuthApiModule {}
