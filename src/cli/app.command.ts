import { IsDefined, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { ApiInterface, INTERFACE_DISPLAY_NAMES } from '@tessera/http';
import {
  ApplicationPermissions,
  ApplicationPermissionService,
  ExternalApplicationService,
  ExternalApplicationState,
} from '../modules/auth';
import { withAdminSession } from './admin-session';
import { CliIo, UsageError } from './cli-io';
import { cliCommand, DefinitionFile, JsonOption } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';
import { textTable } from './text-table';

/** The name last, as it may hold spaces. */
const APPLICATION_COLUMNS = ['EXTERNAL APPLICATION ID', 'INTERFACE', 'TEXT ID', 'STATE', 'NAME'];

/** An application as the operator writes it; without `external_application_id` it is created. */
class ApplicationDefinitionInputDto {
  @IsOptional() @IsString() @IsNotEmpty() external_application_id?: string;
  @IsDefined() @IsString() name!: string;
  @IsDefined() @IsString() text_id!: string;
  @IsOptional() @IsIn(Object.values(ApiInterface)) interface?: ApiInterface;
}

const APPLICATION_FILE: DefinitionFile<ApplicationDefinitionInputDto> = {
  type: ApplicationDefinitionInputDto,
  what: 'application',
  example: { name: 'Cash desk', text_id: 'cash_desk', interface: 'enterprise' },
};

/** `tessera app create|list|define|remove|permissions`: external applications and the operations each may call. */
export const appCommand = cliCommand(
  {
    create: createApplication,
    ...listAndShow(APPLICATION_COLUMNS, async (context) =>
      (await context.get(ExternalApplicationService).listAll()).map((application) => [
        application.id,
        application.interface,
        application.textId,
        application.state === ExternalApplicationState.Active
          ? 'active'
          : application.state === ExternalApplicationState.Removed
            ? 'removed'
            : 'inactive',
        application.name,
      ]),
    ),
    define: defineAction(APPLICATION_FILE, async (input, io) => {
      const id = await withAdminSession(io, ({ context }) =>
        context.get(ExternalApplicationService).define({
          applicationId: input.external_application_id,
          name: input.name,
          textId: input.text_id,
          apiInterface: input.interface,
        }),
      );
      return input.external_application_id === undefined ? id : `Application ${id} updated`;
    }),
    remove: removeAction((context, applicationId) => context.get(ExternalApplicationService).remove(applicationId), {
      removed: (applicationId) => `Application ${applicationId} removed; its tokens are refused from their next request`,
      notRemoved: (applicationId) => `Application ${applicationId} was removed already`,
    }),
    permissions: applicationPermissions,
  },
  APPLICATION_FILE,
);

/** `app create --name NAME --interface enterprise|customer [--json]`; commander checks the interface is one of the two. */
async function createApplication(
  _args: string[],
  options: JsonOption & { name: string; interface: ApiInterface },
  io: CliIo,
): Promise<number> {
  const id = await withAdminSession(io, ({ context }) => context.get(ExternalApplicationService).create(options.name, options.interface));
  io.stdout(options.json ? `${JSON.stringify({ external_application_id: id })}\n` : `${id}\n`);
  return 0;
}

/**
 * `tessera app permissions APP_ID [--json]` lists; `... grant|revoke WORD...` changes. Words are operation
 * keys (`"POST /stores"`) or group names; the change counts from the application's next request.
 */
async function applicationPermissions(args: string[], options: JsonOption, io: CliIo): Promise<number> {
  const [applicationId, change, ...words] = args;
  if (change === undefined) {
    const permissions = await withAdminSession(io, ({ context }) => context.get(ApplicationPermissionService).describe(applicationId));
    io.stdout(options.json ? `${JSON.stringify(permissionsJson(permissions))}\n` : permissionsText(permissions, io.terminalColumns));
    return 0;
  }
  if (options.json) throw new UsageError('--json goes with listing the permissions, not with a change');
  // Narrows the type: commander refuses other words.
  if (change !== 'grant' && change !== 'revoke') throw new UsageError(`Unknown app permissions change "${change}" (grant or revoke)`);
  if (words.length === 0) throw new UsageError(`app permissions ${change} needs at least one operation or group`);
  const keys = await withAdminSession(io, ({ context }) => context.get(ApplicationPermissionService)[change](applicationId, words));
  const verb = change === 'grant' ? 'Granted' : 'Revoked';
  io.stdout(`${verb} for ${applicationId} (from its next request):\n${keys.map((key) => `  ${key}\n`).join('')}`);
  return 0;
}

function permissionsText(permissions: ApplicationPermissions, maxWidth: number | undefined): string {
  const permitted = permissions.operations.filter((operation) => operation.permitted);
  const rows = permissions.operations
    .filter((operation) => operation.permitted || operation.change === 'revoked')
    .map((operation) => [operation.key, operation.change ?? 'default']);
  const summary =
    `${permissions.applicationId} (${permissions.name}), ${INTERFACE_DISPLAY_NAMES[permissions.apiInterface]} interface: ` +
    `${permitted.length} of ${permissions.operations.length} operations permitted\n`;
  return summary + textTable(['OPERATION', 'PERMISSION'], rows, maxWidth);
}

function permissionsJson(permissions: ApplicationPermissions) {
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
