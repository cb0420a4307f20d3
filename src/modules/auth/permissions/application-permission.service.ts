import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Actor, ApiInterface } from '@tessera/http';
import { ApplicationOperationOverrideEntity } from '../entities/application-operation-override.entity';
import { ExternalApplicationEntity } from '../entities/external-application.entity';
import {
  defaultPermitted,
  interfaceOperationKeys,
  OperationOverrides,
  operationPermitted,
  resolveOperationWords,
} from './operation-permissions';

/** Application ids are lowercase hex of at most their column's 32 characters. */
const APPLICATION_ID_FORM = /^[0-9a-f]{1,32}$/;

/** An actor as authentication found it, with its application's grants and revocations read in the same query. */
export type PermittedActor<T extends Actor = Actor> = T & { operationOverrides: OperationOverrides };

/**
 * A subquery giving an application's overrides as one JSON object (`{"POST /stores": true}`), for the
 * queries that authenticate tokens; `applicationColumn` is the SQL column holding the application id.
 */
export function overridesSubquery(applicationColumn: string): string {
  return `(SELECT coalesce(json_object_agg(o.operation_key, o.permitted), '{}'::json)
           FROM application_operation_overrides o WHERE o.external_application_id = ${applicationColumn})`;
}

/** The JSON object of `overridesSubquery` as overrides. */
export function overridesFromJson(json: Record<string, boolean> | null): OperationOverrides {
  return new Map(Object.entries(json ?? {}));
}

/** What an operator changes through the CLI; not an API error. */
export class ApplicationPermissionError extends Error {}

export interface OperationPermission {
  key: string;
  permitted: boolean;
  /** How the application's permission differs from the defaults, if it does. */
  change: 'granted' | 'revoked' | null;
}

export interface ApplicationPermissions {
  applicationId: string;
  name: string;
  apiInterface: ApiInterface;
  operations: OperationPermission[];
}

/** The operations each external application may call: the defaults of its interface, with its grants and revocations. */
@Injectable()
export class ApplicationPermissionService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The operation keys of its interface the application may call, sorted. */
  async list(applicationId: string): Promise<string[]> {
    return (await this.describe(applicationId)).operations.filter((operation) => operation.permitted).map((operation) => operation.key);
  }

  /** Every operation of the application's interface, whether it is permitted, and how that differs from the defaults. */
  async describe(applicationId: string, manager: EntityManager = this.dataSource.manager): Promise<ApplicationPermissions> {
    const { application, overrides } = await this.load(applicationId, manager);
    const apiInterface = application.interface;
    return {
      applicationId: application.id,
      name: application.name,
      apiInterface,
      operations: interfaceOperationKeys(apiInterface).map((key) => {
        const permitted = operationPermitted(apiInterface, key, overrides);
        const change = permitted === defaultPermitted(apiInterface, key) ? null : permitted ? 'granted' : 'revoked';
        return { key, permitted, change };
      }),
    };
  }

  /** Permits the operations named by `words` (operation keys or group names) to the application; answers their keys. */
  async grant(applicationId: string, words: readonly string[], manager?: EntityManager): Promise<string[]> {
    return this.change(applicationId, words, true, manager);
  }

  /** Refuses the operations named by `words` (operation keys or group names) to the application; answers their keys. */
  async revoke(applicationId: string, words: readonly string[], manager?: EntityManager): Promise<string[]> {
    return this.change(applicationId, words, false, manager);
  }

  async isPermitted(applicationId: string, operationKey: string): Promise<boolean> {
    const { application, overrides } = await this.load(applicationId);
    return operationPermitted(application.interface, operationKey, overrides);
  }

  /**
   * For operations without a token that name their application in the body: whether that application
   * may call the operation; true for an unknown application, which the operation itself refuses.
   */
  async permitsNamedApplication(applicationId: unknown, apiInterface: ApiInterface, operationKey: string): Promise<boolean> {
    // Runs before the body is validated: a value that cannot be an application id never reaches the database.
    if (typeof applicationId !== 'string' || !APPLICATION_ID_FORM.test(applicationId)) return true;
    const [row] = await this.dataSource.query<{ overrides: Record<string, boolean> | null }[]>(
      `SELECT ${overridesSubquery('a.external_application_id')} AS overrides
         FROM external_applications a WHERE a.external_application_id = $1 AND a.interface = $2`,
      [applicationId, apiInterface],
    );
    return !row || operationPermitted(apiInterface, operationKey, overridesFromJson(row.overrides));
  }

  /**
   * Stores only differences from the defaults: an operation set back to its default loses its row, so
   * it follows the defaults again. In the caller's transaction when it gives one (the audited operator's).
   */
  private async change(applicationId: string, words: readonly string[], permitted: boolean, outer?: EntityManager): Promise<string[]> {
    if (words.length === 0) throw new ApplicationPermissionError('Name at least one operation or group');
    const work = async (manager: EntityManager) => {
      const application = await manager.findOne(ExternalApplicationEntity, { where: { id: applicationId } });
      if (!application) throw unknownApplication(applicationId);
      const keys = resolveOperationWords(words, application.interface);
      const asDefault = keys.filter((key) => defaultPermitted(application.interface, key) === permitted);
      const overridden = keys.filter((key) => !asDefault.includes(key));
      if (asDefault.length > 0) {
        await manager.query(
          `DELETE FROM application_operation_overrides WHERE external_application_id = $1 AND operation_key = ANY($2::text[])`,
          [applicationId, asDefault],
        );
      }
      if (overridden.length > 0) {
        await manager.query(
          `INSERT INTO application_operation_overrides (external_application_id, operation_key, permitted)
           SELECT $1, key, $3 FROM unnest($2::text[]) AS key
           ON CONFLICT (external_application_id, operation_key) DO UPDATE SET permitted = EXCLUDED.permitted, changed_at = now()`,
          [applicationId, overridden, permitted],
        );
      }
      return keys;
    };
    return outer ? work(outer) : this.dataSource.transaction(work);
  }

  private async load(
    applicationId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ application: ExternalApplicationEntity; overrides: OperationOverrides }> {
    const application = await manager.findOne(ExternalApplicationEntity, { where: { id: applicationId } });
    if (!application) throw unknownApplication(applicationId);
    const rows = await manager.find(ApplicationOperationOverrideEntity, { where: { applicationId } });
    return { application, overrides: new Map(rows.map((row) => [row.operationKey, row.permitted])) };
  }
}

function unknownApplication(applicationId: string): ApplicationPermissionError {
  return new ApplicationPermissionError(`No external application has the id "${applicationId}"`);
}
