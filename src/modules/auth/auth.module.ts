import { ApplicationDefinitionRepository } from './application-definition.repository';
import { ApplicationPermissionOperations } from './application-permission-operations.service';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuditModule } from '../audit';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { LoyaltyModule } from '../loyalty';
import { ReferenceDataModule } from '../reference-data';
import { ApiUserService } from './api-user.service';
import { AuthSetupService } from './auth-setup.service';
import { CustomerAuthTokenService } from './customer-auth-token.service';
import { DeviceTokenService } from './device-token.service';
import { EnterpriseSessionService } from './enterprise-session.service';
import { ApiUserEntity } from './entities/api-user.entity';
import { ApiUserSessionEntity } from './entities/api-user-session.entity';
import { ApplicationOperationOverrideEntity } from './entities/application-operation-override.entity';
import { CustomerAuthTokenEntity } from './entities/customer-auth-token.entity';
import { DeviceTokenEntity } from './entities/device-token.entity';
import { ExternalApplicationEntity } from './entities/external-application.entity';
import { LoginFailureEntity } from './entities/login-failure.entity';
import { OperatorSessionEntity } from './entities/operator-session.entity';
import { UserRolePermissionEntity } from './entities/user-role-permission.entity';
import { OperatorAuthGuard, OperatorBearerStrategy } from './guards/operator-auth.guard';
import { OperatorDirectoryRepository } from './operator/operator-directory.repository';
import { OperatorDirectoryService } from './operator/operator-directory.service';
import { OperatorSecondFactorService } from './operator/operator-second-factor.service';
import { OperatorSessionService } from './operator/operator-session.service';
import { SecretCipher } from '../../platform/secret-cipher';
import { UserRoleEntity } from './entities/user-role.entity';
import { ExternalApplicationService } from './external-application.service';
import { CustomerBearerStrategy, EnterpriseBearerStrategy } from './guards/bearer.strategies';
import { InterfaceAuthGuard } from './guards/interface-auth.guard';
import { LoginThrottleService } from './login-throttle.service';
import { ApplicationPermissionService } from './permissions/application-permission.service';

@Module({
  imports: [
    PassportModule,
    AuditModule,
    CustomersModule,
    LoyaltyModule,
    ReferenceDataModule,
    TypeOrmModule.forFeature([
      ApiUserEntity,
      UserRoleEntity,
      ExternalApplicationEntity,
      ApiUserSessionEntity,
      DeviceTokenEntity,
      CustomerAuthTokenEntity,
      LoginFailureEntity,
      ApplicationOperationOverrideEntity,
      OperatorSessionEntity,
      UserRolePermissionEntity,
    ]),
  ],
  providers: [
    ApiUserService,
    AuthSetupService,
    ExternalApplicationService,
    EnterpriseSessionService,
    DeviceTokenService,
    CustomerAuthTokenService,
    LoginThrottleService,
    ApplicationPermissionService,
    ApplicationDefinitionRepository,
    ApplicationPermissionOperations,
    EnterpriseBearerStrategy,
    CustomerBearerStrategy,
    InterfaceAuthGuard,
    SecretCipher,
    OperatorSessionService,
    OperatorSecondFactorService,
    OperatorDirectoryRepository,
    OperatorDirectoryService,
    OperatorBearerStrategy,
    OperatorAuthGuard,
  ],
  exports: [
    ApiUserService,
    AuthSetupService,
    ExternalApplicationService,
    EnterpriseSessionService,
    DeviceTokenService,
    CustomerAuthTokenService,
    ApplicationPermissionService,
    ApplicationDefinitionRepository,
    ApplicationPermissionOperations,
    InterfaceAuthGuard,
    OperatorSessionService,
    OperatorSecondFactorService,
    OperatorDirectoryService,
    OperatorAuthGuard,
  ],
})
export class AuthModule {}
