import { createHash, randomBytes, randomFillSync, randomInt } from 'node:crypto';

const ID_BYTES = 16;
/** Random bytes drawn 256 ids at a time: one call to the system's generator instead of one per id. */
const idPool = Buffer.alloc(ID_BYTES * 256);
let idPoolOffset = idPool.length;

/** A new record id: 128 random bits as lowercase hex, unguessable and never sequential. */
export function newId(): string {
  if (idPoolOffset === idPool.length) {
    randomFillSync(idPool);
    idPoolOffset = 0;
  }
  const id = idPool.toString('hex', idPoolOffset, idPoolOffset + ID_BYTES);
  idPoolOffset += ID_BYTES;
  return id;
}

/** A new bearer secret: 256 random bits as lowercase hex. Only its hash is ever stored. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** Tokens are stored as SHA-256: they are random and long, so a slow hash adds nothing. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I), so codes survive being read aloud or typed. */
const READABLE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code of `length` readable characters, for codes people read and type (vouchers, referrals, reservations). */
export function readableCode(length: number): string {
  return Array.from({ length }, () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]).join('');
}
