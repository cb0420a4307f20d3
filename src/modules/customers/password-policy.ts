/** Passwords people pick first; compared case-insensitively, so "Password1" is refused too. */
const COMMON_PASSWORDS = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword1',
  'qwerty123', 'qwerty12', 'qwertyuiop1', 'qwerty1234', 'qwertz123', 'asdfgh123', 'zxcvbnm1', '1qaz2wsx',
  'abc12345', 'abcd1234', 'abcdef12', 'a1b2c3d4', '123abc456', 'iloveyou1', 'iloveyou2', 'sunshine1',
  'welcome1', 'welcome123', 'welcome12', 'letmein1', 'letmein123', 'monkey123', 'dragon123', 'football1',
  'baseball1', 'superman1', 'batman123', 'trustno1', 'master123', 'shadow123', 'princess1', 'michael1',
  'jennifer1', 'jordan123', 'charlie1', 'freedom1', 'starwars1', 'computer1', 'internet1', 'summer2024',
  'summer2025', 'winter2024', 'winter2025', 'spring2025', 'autumn2025', 'changeme1', 'changeme123',
  'admin123', 'administrator1', 'secret123', 'test1234', 'testtest1', 'hello123', 'hellohello1', 'loveme123',
  'google123', 'samsung123', 'pokemon123', 'liverpool1', 'chelsea123', 'arsenal123', 'december1', 'january1',
  'company1', 'mypassword1', 'newpassword1', 'passport1', 'heslo123', 'heslo1234', 'qwerty1', 'password2',
]);

export type PasswordCheck = { ok: true } | { ok: false; message: string };

export const MIN_PASSWORD_LENGTH = 8;

/** The customer password policy: 8+ characters with a digit and an uppercase letter, not a well-known password. */
export function checkPasswordStrength(password: string): PasswordCheck {
  if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, message: `The password needs at least ${MIN_PASSWORD_LENGTH} characters` };
  if (!/\d/.test(password)) return { ok: false, message: 'The password needs at least one digit' };
  if (!/\p{Lu}/u.test(password)) return { ok: false, message: 'The password needs at least one uppercase letter' };
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return { ok: false, message: 'The password is too common' };
  return { ok: true };
}
