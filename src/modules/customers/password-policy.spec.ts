import { checkPasswordStrength } from './password-policy';

describe('checkPasswordStrength', () => {
  it('accepts a long password with a digit and an uppercase letter', () => {
    expect(checkPasswordStrength('Tessera-2024x')).toEqual({ ok: true });
    expect(checkPasswordStrength('Žluťoučký1')).toEqual({ ok: true });
  });

  it.each([
    ['Short1A', 'characters'],
    ['NoDigitsHere', 'digit'],
    ['nouppercase1', 'uppercase'],
    ['Password1', 'common'],
    ['QWERTY123', 'common'],
  ])('refuses %s', (password, reason) => {
    const result = checkPasswordStrength(password);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(reason);
  });
});
