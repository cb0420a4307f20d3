/** What other contexts may use of auth: API users, applications and their permissions, device tokens, customer sign-in tokens. */
export { AuthModule } from './auth.module';
export { AuthSetupService, type DemoCredentials } from './auth-setup.service';
export { ApiUserService } from './api-user.service';
export { EnterpriseSessionService } from './enterprise-session.service';
export { CustomerAuthTokenService } from './customer-auth-token.service';
export { DeviceTokenService } from './device-token.service';
export { ExternalApplicationService, ExternalApplicationState, type ExternalApplicationDefinition } from './external-application.service';
export { LoginThrottleService } from './login-throttle.service';
export { InterfaceAuthGuard, operationNotPermitted } from './guards/interface-auth.guard';
export { ApplicationPermissionService, type ApplicationPermissions } from './permissions/application-permission.service';
export { ApplicationDefinitionRepository } from './application-definition.repository';
export { ApplicationPermissionOperations, permissionsView } from './application-permission-operations.service';
export {
  ApplicationDefinitionDto,
  ApplicationDefinitionViewDto as ApplicationDefinitionView,
  type ApplicationPermissionsDto,
} from './dto/application-definition.dto';
export {
  CATALOG_OPERATIONS,
  OPERATION_GROUP_NAMES,
  catalogOperation,
  defaultPermitted,
  operationKindOf,
  permissionKeyOf,
} from './permissions/operation-permissions';
export { AuthException } from './auth.exceptions';
export { OperatorAuthGuard } from './guards/operator-auth.guard';
export { OperatorSessionService, type OperatorSignedIn } from './operator/operator-session.service';
export { OperatorSecondFactorService } from './operator/operator-second-factor.service';
export {
  OperatorDirectoryService,
  type NewUserInput,
  type RoleInput,
  type RoleView,
  type UserInput,
  type UserView,
} from './operator/operator-directory.service';
export { OPERATOR_SEED_ROLES } from './operator/operator-roles';
export { OperatorRoleInputDto } from './dto/operator.dto';
