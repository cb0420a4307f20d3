import { ApiUserService } from '../modules/auth';
import { withAdminSession } from './admin-session';
import { CliIo } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';

/** `tessera user create`: an API user of the enterprise interface (administrator role by default). */
export const userCommand = cliCommand({ create: createUser });

interface CreateUserOptions extends JsonOption {
  login: string;
  password: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

async function createUser(_args: string[], values: CreateUserOptions, io: CliIo): Promise<number> {
  const { login, password } = values;
  const user = await withAdminSession(io, ({ context }) =>
    context.get(ApiUserService).create({
      login,
      password,
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
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
