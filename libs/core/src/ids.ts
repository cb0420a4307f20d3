import { createHash, randomBytes } from 'node:crypto';

/** A new record id: 128 random bits as lowercase hex, unguessable and never sequential. */
export function newId(): string {
  return randomBytes(16).toString('hex');
}

/** A new bearer secret: 256 random bits as lowercase hex. Only its hash is ever stored. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** Tokens are stored as SHA-256: they are random and long, so a slow hash adds nothing. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
