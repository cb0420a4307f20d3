import { Injectable } from '@nestjs/common';
import { CommonException, InvalidReason } from '@tessera/http';
import { AuditActor, AuditTrail, DefinitionLifecycle } from '../audit';
import { ApplicationDefinitionRepository } from './application-definition.repository';
import { ApplicationPermissionChangeDto, ApplicationPermissionsDto } from './dto/application-definition.dto';
import { ApplicationPermissionService, type ApplicationPermissions } from './permissions/application-permission.service';
import { UnknownOperationWordsError } from './permissions/operation-permissions';

/**
 * The operator's view and change of what an application may call, for the operator API and the CLI:
 * a change is one transaction with its audit row, the permissions as they were and became.
 */
@Injectable()
export class ApplicationPermissionOperations {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly audit: AuditTrail,
    private readonly applications: ApplicationDefinitionRepository,
    private readonly permissions: ApplicationPermissionService,
  ) {}

  /** By the application's id or text id. */
  async show(key: string): Promise<ApplicationPermissionsDto> {
    const application = await this.lifecycle.show(this.applications, key);
    return permissionsView(await this.permissions.describe(application.external_application_id));
  }

  /**
   * Grants, then revokes; a word that names no operation or group of its interface is a 400 naming the
   * list. Answers the permissions as they became and the operation keys the words named.
   */
  async change(
    actor: AuditActor,
    key: string,
    change: ApplicationPermissionChangeDto,
  ): Promise<{ permissions: ApplicationPermissionsDto; changed: string[] }> {
    const grant = change.grant ?? [];
    const revoke = change.revoke ?? [];
    if (grant.length === 0 && revoke.length === 0) {
      throw CommonException.invalid('grant', InvalidReason.Required, 'Name at least one operation or group to grant or revoke');
    }
    return this.audit.audited(actor, async (manager) => {
      const application = await this.applications.find(key, manager);
      if (!application) throw CommonException.recordNotFound(this.applications.resource, key);
      const id = application.external_application_id;
      const before = permissionsView(await this.permissions.describe(id, manager));
      const changed = [
        ...(grant.length > 0 ? await this.changed('grant', () => this.permissions.grant(id, grant, manager)) : []),
        ...(revoke.length > 0 ? await this.changed('revoke', () => this.permissions.revoke(id, revoke, manager)) : []),
      ];
      const after = permissionsView(await this.permissions.describe(id, manager));
      return { value: { permissions: after, changed }, targetType: this.applications.kind, targetId: id, before, after };
    });
  }

  private async changed(field: 'grant' | 'revoke', work: () => Promise<string[]>): Promise<string[]> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UnknownOperationWordsError)
        throw CommonException.invalid(field, InvalidReason.NotFound, error.message, error.words);
      throw error;
    }
  }
}

export function permissionsView(permissions: ApplicationPermissions): ApplicationPermissionsDto {
  const keysWhere = (test: (operation: ApplicationPermissions['operations'][number]) => boolean) =>
    permissions.operations.filter(test).map((operation) => operation.key);
  return {
    external_application_id: permissions.applicationId,
    interface: permissions.apiInterface,
    permitted: keysWhere((operation) => operation.permitted),
    granted: keysWhere((operation) => operation.change === 'granted'),
    revoked: keysWhere((operation) => operation.change === 'revoked'),
  };
}
