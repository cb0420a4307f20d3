import type { AuthProvider } from 'react-admin';
import { HttpError } from 'react-admin';
import { operatorRequest, sessionToken } from './operator-client';
import type { OperatorErrorBody } from './operator-client';

export interface OperatorUser {
  user_id: string;
  login: string;
  first_name?: string;
  last_name?: string;
}

interface CurrentOperator {
  data: { user: OperatorUser; permissions: string[] };
}

export interface SignInParams {
  username: string;
  password: string;
  totpCode?: string;
}

/** Thrown when the password was right and the account asks for its authenticator code too. */
export class SecondFactorNeeded extends Error {}

let current: Promise<CurrentOperator['data']> | undefined;

/** Who is signed in and what they may do, asked once per sign-in. */
export function currentOperator(): Promise<CurrentOperator['data']> {
  current ??= operatorRequest<CurrentOperator>('GET', '/sessions/current').then(
    (answer) => answer.data,
    (error: unknown) => {
      current = undefined;
      throw error;
    },
  );
  return current;
}

export const authProvider: AuthProvider = {
  async login({ username, password, totpCode }: SignInParams) {
    try {
      const answer = await operatorRequest<{ data: { token: string } }>('POST', '/sessions', {
        body: { login: username, password, ...(totpCode ? { totp_code: totpCode } : {}), client: 'console' },
      });
      sessionToken.set(answer.data.token);
      current = undefined;
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as OperatorErrorBody) : undefined;
      if (error instanceof HttpError && error.status === 401 && body?.error?.error_data?.second_factor === 'totp' && !totpCode)
        throw new SecondFactorNeeded(error.message);
      throw error;
    }
  },
  async logout() {
    if (sessionToken.get()) await operatorRequest('DELETE', '/sessions/current').catch(() => undefined);
    sessionToken.clear();
    current = undefined;
  },
  async checkAuth() {
    if (!sessionToken.get()) throw new Error('console.auth.signed_out');
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) {
      sessionToken.clear();
      current = undefined;
      throw new Error('console.auth.signed_out');
    }
  },
  async getPermissions() {
    if (!sessionToken.get()) return [];
    return (await currentOperator()).permissions;
  },
  async getIdentity() {
    const { user } = await currentOperator();
    const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
    return { id: user.user_id, fullName: fullName || user.login };
  },
};
