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
import { checkedDefinition, readJsonDefinition } from './json-definition';
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
export async function appCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'create':
      return createApplication(rest, io);
    case 'list':
      return listApplications(rest, io);
    case 'define':
      return defineApplication(rest, io);
    case 'remove':
      return removeApplication(rest, io);
    case 'permissions':
      return applicationPermissions(rest, io);
    default:
      throw new UsageError(`Unknown app command "${action ?? ''}"`);
  }
}

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

async function listApplications(args: string[], io: CliIo): Promise<number> {
  parseCommandArgs(args, {});
  const applications = await withAdminSession(io, ({ context }) => context.get(ExternalApplicationService).listAll());
  const rows = applications.map((application) => [
    application.id,
    application.interface,
    application.textId,
    application.state === ExternalApplicationState.Active
      ? 'active'
      : application.state === ExternalApplicationState.Removed
        ? 'removed'
        : 'inactive',
    application.name,
  ]);
  io.stdout(textTable(APPLICATION_COLUMNS, rows));
  return 0;
}

async function defineApplication(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, ['FILE']);
  const input = await checkedDefinition(ApplicationDefinitionInputDto, await readJsonDefinition(positionals[0], io), 'application');
  const id = await withAdminSession(io, ({ context }) =>
    context.get(ExternalApplicationService).define({
      applicationId: input.external_application_id,
      name: input.name,
      textId: input.text_id,
      apiInterface: input.interface,
    }),
  );
  io.stdout(input.external_application_id === undefined ? `${id}\n` : `Application ${id} updated\n`);
  return 0;
}

async function removeApplication(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, ['APP_ID']);
  const [applicationId] = positionals;
  const removed = await withAdminSession(io, ({ context }) => context.get(ExternalApplicationService).remove(applicationId));
  io.stdout(
    removed
      ? `Application ${applicationId} removed; its tokens are refused from their next request\n`
      : `Application ${applicationId} was removed already\n`,
  );
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
