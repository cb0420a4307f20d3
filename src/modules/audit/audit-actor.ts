import { hostname, userInfo } from 'node:os';
import type { OperatorActor } from '@tessera/http';
import type { AuditChannel } from './entities/audit-event.entity';

/** Who the audit trail names for a write, and through which operation they made it. */
export interface AuditActor {
  channel: AuditChannel;
  /** The API user, when one signed in; the CLI runs as the server's OS user instead. */
  userId: string | null;
  name: string;
  /** `METHOD /path` of the operator API, or the CLI's command (`reward define`). */
  operation: string;
}

/** The signed-in operator; the console says it is the console, every other client is the operator API. */
export function operatorAuditActor(operator: OperatorActor, operation: string): AuditActor {
  return { channel: operator.client === 'console' ? 'console' : 'operator_api', userId: operator.userId, name: operator.login, operation };
}

/**
 * The CLI's actor: whoever runs it on the server, as `user@host`. Anyone who can run it can read the
 * server's configuration and database, so this names the person rather than proving who they are.
 */
export function cliAuditActor(operation: string): AuditActor {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // A container may run under a numeric uid with no passwd entry.
    user = String(process.getuid?.() ?? 'unknown');
  }
  return { channel: 'cli', userId: null, name: `${user}@${hostname()}`, operation };
}
