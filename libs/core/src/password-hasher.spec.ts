import { hashPassword, verifyPassword } from './password-hasher';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const first = await hashPassword('s3cret password');
    const second = await hashPassword('s3cret password');
    expect(first).not.toBe(second);
    expect(first.startsWith('scrypt$')).toBe(true);
    await expect(verifyPassword('s3cret password', first)).resolves.toBe(true);
    await expect(verifyPassword('s3cret passwore', first)).resolves.toBe(false);
  });

  it('refuses hashes of an unknown scheme', async () => {
    await expect(verifyPassword('x', 'md5$abc')).resolves.toBe(false);
  });
});
