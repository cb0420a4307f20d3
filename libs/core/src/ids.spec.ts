import { newId, readableCode } from './ids';

describe('newId', () => {
  it('gives 32 lowercase hex characters, never twice across many refills of its pool', () => {
    const ids = Array.from({ length: 2_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('readableCode', () => {
  it('gives the length asked for, without the characters that read alike', () => {
    for (const length of [7, 8, 12]) expect(readableCode(length)).toMatch(new RegExp(`^[A-HJ-NP-Z2-9]{${length}}$`));
  });
});
