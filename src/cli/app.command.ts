import { IsDefined, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { ApiInterface, INTERFACE_DISPLAY_NAMES } from '@tessera/http';
import {
  ApplicationPermissions,
  ApplicationPermissionService,
  ExternalApplicationService,
  ExternalApplicationState,
} from '../modules/auth';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, requireOption, UsageError } from './cli-args';
import { commandOf, defineAction, listAction, removeAction } from './command-actions';
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

/** `tessera app create|list|define|remove|permissions`: external applications and the operations each may call. */
export const appCommand = commandOf('app', {
  create: createApplication,
  list: listAction(APPLICATION_COLUMNS, async (context) =>
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
  define: defineAction(ApplicationDefinitionInputDto, 'application', async (input, io) => {
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
  remove: removeAction('APP_ID', (context, applicationId) => context.get(ExternalApplicationService).remove(applicationId), {
    removed: (applicationId) => `Application ${applicationId} removed; its tokens are refused from their next request`,
    notRemoved: (applicationId) => `Application ${applicationId} was removed already`,
  }),
  permissions: applicationPermissions,
});

async function createApplication(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, {
    name: { type: 'string' },
    interface: { type: 'string' },
    json: { type: 'boolean' },
  });
  const name = requireOption(values, 'name');
  const option = requireOption(values, 'interface');
  const apiInterface = Object.values(ApiInterface).find((value) => (value as string) === option);
  if (!apiInterface) {
    throw new UsageError('--interface must be enterprise or customer');
  }
  const id = await withAdminSession(io, ({ context }) => context.get(ExternalApplicationService).create(name, apiInterface));
  io.stdout(values.json ? `${JSON.stringify({ external_application_id: id })}\n` : `${id}\n`);
  return 0;
}

/**
 * `tessera app permissions APP_ID [--json]` lists; `... grant|revoke WORD...` changes. Words are operation
 * keys (`"POST /stores"`) or group names; the change counts from the application's next request.
 */
async function applicationPermissions(args: string[], io: CliIo): Promise<number> {
  const [applicationId, change, ...words] = args;
  if (!applicationId || applicationId.startsWith('-')) throw new UsageError('app permissions needs an APP_ID');
  if (change === undefined || change === '--json') {
    if (words.length > 0) throw new UsageError(`Unexpected "${words.join(' ')}"`);
    const permissions = await withAdminSession(io, ({ context }) => context.get(ApplicationPermissionService).describe(applicationId));
    io.stdout(change === '--json' ? `${JSON.stringify(permissionsJson(permissions))}\n` : permissionsText(permissions));
    return 0;
  }
  if (change !== 'grant' && change !== 'revoke') throw new UsageError(`Unknown app permissions change "${change}" (grant or revoke)`);
  if (words.length === 0) throw new UsageError(`app permissions ${change} needs at least one operation or group`);
  const keys = await withAdminSession(io, ({ context }) => context.get(ApplicationPermissionService)[change](applicationId, words));
  const verb = change === 'grant' ? 'Granted' : 'Revoked';
  io.stdout(`${verb} for ${applicationId} (from its next request):\n${keys.map((key) => `  ${key}\n`).join('')}`);
  return 0;
}

function permissionsText(permissions: ApplicationPermissions): string {
  const permitted = permissions.operations.filter((operation) => operation.permitted);
  const rows = permissions.operations
    .filter((operation) => operation.permitted || operation.change === 'revoked')
    .map((operation) => [operation.key, operation.change ?? 'default']);
  const summary =
    `${permissions.applicationId} (${permissions.name}), ${INTERFACE_DISPLAY_NAMES[permissions.apiInterface]} interface: ` +
    `${permitted.length} of ${permissions.operations.length} operations permitted\n`;
  return summary + textTable(['OPERATION', 'PERMISSION'], rows);
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
