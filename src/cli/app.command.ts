import { ApiInterface, INTERFACE_DISPLAY_NAMES } from '@tessera/http';
import { cliAuditActor, DefinitionLifecycle } from '../modules/audit';
import {
  ApplicationDefinitionDto,
  ApplicationDefinitionRepository,
  ApplicationPermissionOperations,
  ApplicationPermissions,
  ApplicationPermissionService,
  permissionsView,
  type ApplicationDefinitionView,
} from '../modules/auth';
import { withAdminSession } from './admin-session';
import { CliIo, UsageError } from './cli-io';
import { cliCommand, DefinitionFile, JsonOption } from './cli-command';
import { lifecycleCommand } from './lifecycle-command';
import { textTable } from './text-table';

const APPLICATION_FILE: DefinitionFile<ApplicationDefinitionDto> = {
  type: ApplicationDefinitionDto,
  what: 'application',
  example: { name: 'Cash desk', text_id: 'cash_desk', interface: 'enterprise' },
};

const lifecycle = lifecycleCommand<ApplicationDefinitionDto, ApplicationDefinitionView>({
  name: 'app',
  store: ApplicationDefinitionRepository,
  file: APPLICATION_FILE,
  // The name last, as it may hold spaces.
  columns: ['EXTERNAL APPLICATION ID', 'INTERFACE', 'TEXT ID', 'STATE', 'NAME'],
  row: (application) => [
    application.external_application_id,
    application.interface ?? '',
    application.text_id,
    String(application.state),
    application.name,
  ],
  viewOnly: ['external_application_id', 'state', 'last_change'],
});

/**
 * `tessera app ...`: external applications with the lifecycle's verbs, `create` from options, and
 * `permissions` to list or change the operations each may call; every write audited as the OS user.
 */
export const appCommand = cliCommand(
  { ...lifecycle.handlers, create: createApplication, permissions: applicationPermissions },
  lifecycle.definition,
);

/** `app create --name NAME --interface enterprise|customer [--json]`; commander checks the interface is one of the two. */
async function createApplication(
  _args: string[],
  options: JsonOption & { name: string; interface: ApiInterface },
  io: CliIo,
): Promise<number> {
  const created = await withAdminSession(io, ({ context }) =>
    context.get(DefinitionLifecycle).create(cliAuditActor('app create'), context.get(ApplicationDefinitionRepository, { strict: false }), {
      name: options.name,
      interface: options.interface,
    }),
  );
  const id = created.external_application_id;
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
    io.stdout(options.json ? `${JSON.stringify(permissionsView(permissions))}\n` : permissionsText(permissions, io.terminalColumns));
    return 0;
  }
  if (options.json) throw new UsageError('--json goes with listing the permissions, not with a change');
  // Narrows the type: commander refuses other words.
  if (change !== 'grant' && change !== 'revoke') throw new UsageError(`Unknown app permissions change "${change}" (grant or revoke)`);
  if (words.length === 0) throw new UsageError(`app permissions ${change} needs at least one operation or group`);
  const { changed: keys } = await withAdminSession(io, ({ context }) =>
    context.get(ApplicationPermissionOperations, { strict: false }).change(cliAuditActor(`app permissions ${change}`), applicationId, {
      [change]: words,
    }),
  );
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
