import { Module } from '@nestjs/common';
import { CustomersModule } from '../../customers';
import { AuthModule } from '../auth.module';
import { CustomerAuthActionsController } from './customer-auth-actions.controller';
import { TokensController } from './tokens.controller';
import { UserRolesController } from './user-roles.controller';
import { UsersController } from './users.controller';
import { CustomerExternalApplicationsController } from './customer-external-applications.controller';

@Module({
  imports: [AuthModule, CustomersModule],
  controllers: [
    UsersController,
    UserRolesController,
    TokensController,
    CustomerAuthActionsController,
    CustomerExternalApplicationsController,
  ],
})
export class AuthApiModule {}
