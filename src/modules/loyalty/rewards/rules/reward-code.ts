import { readableCode } from '@tessera/core';

/** Characters a simple reward's code may not contain (they separate codes in the vendor's exports). */
const FORBIDDEN = /[|-]/;

export function isAllowedRewardCode(code: string): boolean {
  return code.trim().length > 0 && !FORBIDDEN.test(code);
}

/** Codes starting with these mark service vouchers, kept only for history and hidden by default. */
export const SERVICE_VOUCHER_PREFIXES = ['canceled_', 'initial_'] as const;

/** A random 12-character voucher code. */
export function generateVoucherCode(): string {
  return readableCode(12);
}
