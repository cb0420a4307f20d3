import { randomBytes } from 'node:crypto';

/** Characters a simple reward's code may not contain (they separate codes in the vendor's exports). */
const FORBIDDEN = /[|-]/;

export function isAllowedRewardCode(code: string): boolean {
  return code.trim().length > 0 && !FORBIDDEN.test(code);
}

/** Codes starting with these mark service vouchers, kept only for history and hidden by default. */
export const SERVICE_VOUCHER_PREFIXES = ['canceled_', 'initial_'] as const;

/** Letters and digits that cannot be misread for one another (no I, O, 0 or 1). */
const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 12-character voucher code. */
export function generateVoucherCode(): string {
  return Array.from(randomBytes(12), (byte) => VOUCHER_CODE_ALPHABET[byte % VOUCHER_CODE_ALPHABET.length]).join('');
}
