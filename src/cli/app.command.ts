import { ApiInterface } from '../../libs/http/src';
import { ExternalApplicationService } from '../modules/auth/external-application.service';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, requireOption, UsageError } from './cli-args';

/** `tessera app create`: registers an external application for one interface. */
export async function appCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'create') throw new UsageError(`Unknown app command "${action ?? ''}"`);
  const { values } = parseCommandArgs(rest, {
    name: { type: 'string' },
    interface: { type: 'string' },
    json: { type: 'boolean' },
  });
  const name = requireOption(values, 'name');
  const apiInterface = requireOption(values, 'interface');
  if (apiInterface !== ApiInterface.Enterprise && apiInterface !== ApiInterface.Customer) {
    throw new UsageError('--interface must be enterprise or customer');
  }
  const id = await withAdminSession(io, ({ context }) => context.get(ExternalApplicationService).create(name, apiInterface));
  io.stdout(values.json ? `${JSON.stringify({ external_application_id: id })}\n` : `${id}\n`);
  return 0;
}
