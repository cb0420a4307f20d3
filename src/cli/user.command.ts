import { AuditTrail, cliAuditActor } from '../modules/audit';
import { OperatorDirectoryService, OperatorRoleInputDto, type UserView } from '../modules/auth';
import { withAdminSession } from './admin-session';
import { CliIo, recordJson, UsageError } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { everyPage } from './lifecycle-command';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { formatRows } from './text-table';

/**
 * `tessera user ...` and `tessera role ...`: API users, their roles and what each role may do on the
 * operator API, through the operator API's own services (each write audited as the OS user).
 */
export const userCommand = cliCommand({
  list: listUsers,
  show: showUser,
  create: createUser,
  role: setRoles,
  disable: (args, options, io) => setState(args, options, io, 0),
  enable: (args, options, io) => setState(args, options, io, 1),
  'reset-password': resetPassword,
  'reset-second-factor': resetSecondFactor,
});

export const roleCommand = cliCommand({
  list: listRoles,
  show: showRole,
  define: (args, options, io) => writeRole(args, options, io, 'define'),
  change: (args, options, io) => writeRole(args, options, io, 'change'),
  remove: (args, options, io) => setRoleState(args, io, 0),
  activate: (args, options, io) => setRoleState(args, io, 1),
});

const directory = <T>(io: CliIo, work: (service: OperatorDirectoryService) => Promise<T>) =>
  withAdminSession(io, ({ context }) => work(context.get(OperatorDirectoryService)));

async function listUsers(_args: string[], options: JsonOption, io: CliIo): Promise<number> {
  const users = await directory(io, (service) => everyPage((page) => service.listUsers({}, page)));
  const rows = users.map((user) => [
    user.login,
    user.user_id,
    String(user.state),
    user.roles.join(', '),
    user.store_id ?? '',
    user.second_factor ? 'yes' : 'no',
  ]);
  io.stdout(
    options.json
      ? `${JSON.stringify(users)}\n`
      : formatRows(['LOGIN', 'USER ID', 'STATE', 'ROLES', 'STORE', 'SECOND FACTOR'], rows, false, io.terminalColumns),
  );
  return 0;
}

async function showUser([key]: string[], options: JsonOption, io: CliIo): Promise<number> {
  io.stdout(recordJson(await directory(io, (service) => service.showUser(key)), options));
  return 0;
}

interface CreateUserOptions extends JsonOption {
  login: string;
  password?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: string[];
  store?: string;
}

async function createUser(_args: string[], values: CreateUserOptions, io: CliIo): Promise<number> {
  const created = await directory(io, (service) =>
    service.createUser(cliAuditActor('user create'), {
      login: values.login,
      password: values.password,
      email: values.email,
      first_name: values.firstName,
      last_name: values.lastName,
      // The contract's default role: an Enterprise-interface user that opens nothing on the operator API.
      roles: values.role ?? ['administrator'],
      store_id: values.store ?? null,
    }),
  );
  if (values.json) {
    io.stdout(
      `${JSON.stringify({ user_id: created.user.user_id, login: created.user.login, ...(created.password ? { password: created.password } : {}) })}\n`,
    );
  } else {
    io.stdout(describeUser(created.user));
    if (created.password) io.stdout(`password: ${created.password}  (shown this once)\n`);
  }
  return 0;
}

function describeUser(user: UserView): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  const lines = [`user_id: ${user.user_id}`, `login:   ${user.login}`];
  if (user.email) lines.push(`email:   ${user.email}`);
  if (name) lines.push(`name:    ${name}`);
  lines.push(`roles:   ${user.roles.join(', ')}`);
  if (user.store_id) lines.push(`store:   ${user.store_id}`);
  return `${lines.join('\n')}\n`;
}

async function setRoles([key, ...roles]: string[], _options: unknown, io: CliIo): Promise<number> {
  const user = await directory(io, async (service) => {
    const current = await service.showUser(key);
    return service.changeUser(cliAuditActor('user role'), key, {
      login: current.login,
      first_name: current.first_name,
      last_name: current.last_name,
      email: current.email,
      phone: current.phone,
      store_id: current.store_id,
      roles,
    });
  });
  io.stdout(`${user.login} now holds: ${user.roles.join(', ') || 'no role'}\n`);
  return 0;
}

async function setState([key]: string[], _options: unknown, io: CliIo, state: 0 | 1): Promise<number> {
  const user = await directory(io, (service) =>
    service.setUserState(cliAuditActor(state === 0 ? 'user disable' : 'user enable'), key, state),
  );
  io.stdout(state === 0 ? `${user.login} disabled: their sign-ins have ended\n` : `${user.login} enabled\n`);
  return 0;
}

async function resetPassword([key]: string[], options: { password?: string }, io: CliIo): Promise<number> {
  const done = await directory(io, (service) => service.resetPassword(cliAuditActor('user reset-password'), key, options.password));
  io.stdout(
    `Password of ${done.user.login} reset; their sign-ins have ended${done.password ? `\npassword: ${done.password}  (shown this once)` : ''}\n`,
  );
  return 0;
}

async function resetSecondFactor([key]: string[], _options: unknown, io: CliIo): Promise<number> {
  const user = await directory(io, (service) => service.resetSecondFactor(cliAuditActor('user reset-second-factor'), key));
  io.stdout(`${user.login} signs in with the password alone until they set a new second factor\n`);
  return 0;
}

async function listRoles(_args: string[], options: JsonOption, io: CliIo): Promise<number> {
  const roles = await directory(io, (service) => everyPage((page) => service.listRoles({}, page)));
  const rows = roles.map((role) => [role.text_id, role.user_role_id, String(role.state), role.permissions.join(', ')]);
  io.stdout(
    options.json
      ? `${JSON.stringify(roles)}\n`
      : formatRows(['TEXT ID', 'ROLE ID', 'STATE', 'PERMISSIONS'], rows, false, io.terminalColumns),
  );
  return 0;
}

async function showRole([key]: string[], options: JsonOption, io: CliIo): Promise<number> {
  io.stdout(recordJson(await directory(io, (service) => service.showRole(key)), options));
  return 0;
}

async function writeRole(args: string[], _options: unknown, io: CliIo, verb: 'define' | 'change'): Promise<number> {
  const [key, path] = verb === 'define' ? [undefined, args[0]] : args;
  if (path === undefined) throw new UsageError('Give a FILE, or - for standard input');
  const json = await readJsonDefinition(path, io);
  if (typeof json === 'object' && json !== null && !Array.isArray(json))
    for (const field of ['user_role_id', 'state']) delete (json as Record<string, unknown>)[field];
  const input = await checkedDefinition(OperatorRoleInputDto, json, 'role');
  const role = await directory(io, (service) =>
    verb === 'define'
      ? service.createRole(cliAuditActor('role define'), input)
      : service.changeRole(cliAuditActor('role change'), key!, input),
  );
  io.stdout(`${JSON.stringify(role, null, 2)}\n`);
  return 0;
}

async function setRoleState([key]: string[], io: CliIo, state: 0 | 1): Promise<number> {
  const role = await directory(io, (service) =>
    service.setRoleState(cliAuditActor(state === 0 ? 'role remove' : 'role activate'), key, state),
  );
  io.stdout(`Role ${role.text_id} ${state === 0 ? 'deactivated: it grants nothing now' : 'active again'}\n`);
  return 0;
}

export const auditCommand = cliCommand({
  list: async (_args, options: AuditOptions, io) => {
    const page = await withAdminSession(io, ({ context }) =>
      context.get(AuditTrail).list(
        {
          targetType: options.targetType,
          targetId: options.targetId,
          userId: options.user,
          from: instantOf(options.from, '--from'),
          to: instantOf(options.to, '--to'),
        },
        { limit: limitOf(options.limit), offset: 0, sortDirection: 'DESC' },
      ),
    );
    if (options.json) {
      io.stdout(`${JSON.stringify(page.items)}\n`);
    } else {
      const rows = page.items.map((event) => [
        event.occurredAt.toISOString(),
        event.channel,
        event.actor,
        event.operation,
        `${event.targetType} ${event.targetId ?? ''}`,
        event.reason ?? '',
      ]);
      io.stdout(formatRows(['WHEN', 'CHANNEL', 'WHO', 'OPERATION', 'TARGET', 'REASON'], rows, false, io.terminalColumns));
    }
    return 0;
  },
});

interface AuditOptions extends JsonOption {
  targetType?: string;
  targetId?: string;
  user?: string;
  from?: string;
  to?: string;
  limit?: string;
}

function instantOf(text: string | undefined, option: string): Date | undefined {
  if (text === undefined) return undefined;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) throw new UsageError(`${option} is a date or an instant, e.g. 2026-11-01 or 2026-11-01T08:00:00Z`);
  return instant;
}

function limitOf(text: string | undefined): number {
  const limit = Number(text ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit is a whole number from 1 to 1000');
  return limit;
}
