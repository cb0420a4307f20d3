import { ApiUserService } from '../modules/auth';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, requireOption, UsageError } from './cli-args';

/** `tessera user create`: an API user of the enterprise interface (administrator role by default). */
export async function userCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'create') throw new UsageError(`Unknown user command "${action ?? ''}"`);
  const { values } = parseCommandArgs(rest, {
    login: { type: 'string' },
    password: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    json: { type: 'boolean' },
  });
  const login = requireOption(values, 'login');
  const password = requireOption(values, 'password');
  const user = await withAdminSession(io, ({ context }) =>
    context.get(ApiUserService).create({
      login,
      password,
      email: values.email,
      firstName: values['first-name'],
      lastName: values['last-name'],
    }),
  );
  if (values.json) {
    io.stdout(`${JSON.stringify({ user_id: user.id, login: user.login })}\n`);
  } else {
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const lines = [`user_id: ${user.id}`, `login:   ${user.login}`];
    if (user.email) lines.push(`email:   ${user.email}`);
    if (name) lines.push(`name:    ${name}`);
    lines.push(`roles:   ${user.roles.map((role) => role.textId).join(', ')}`);
    io.stdout(`${lines.join('\n')}\n`);
  }
  return 0;
}
