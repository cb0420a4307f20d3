import { randomBytes } from 'node:crypto';
import { OPERATOR_BASE_PATH } from '@tessera/http';
import { BenchContext } from './bench-suite';
import { ApiUserService } from '../src/modules/auth';

/** A fresh API user holding the operator role `owner`, signed in to the operator API; its headers. */
export async function ownerHeaders(app: BenchContext['app'], origin: string): Promise<Record<string, string>> {
  const login = `bench-owner-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  await app.get(ApiUserService).create({ login, password, roleTextIds: ['owner'] });
  const response = await fetch(`${origin}/${OPERATOR_BASE_PATH}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  if (response.status !== 201) throw new Error(`Operator sign-in failed: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  return { authorization: `Bearer ${token}` };
}
