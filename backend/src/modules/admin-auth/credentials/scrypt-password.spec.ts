import { formatScryptHash, hashPassword, InvalidPasswordHashError, parseScryptHash, verifyPassword } from './scrypt-password';

// Cheap parameters keep the suite fast; the format and the comparison are what is under test.
const FAST = { N: 1024, r: 8, p: 1 };

describe('scrypt admin password hashes', () => {
  it('given a hash of a password, the same password verifies and others do not', async () => {
    const stored = parseScryptHash(await hashPassword('cellar-door-saturday', FAST));
    await expect(verifyPassword('cellar-door-saturday', stored)).resolves.toBe(true);
    await expect(verifyPassword('cellar-door-sunday', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('writes scrypt$N$r$p$salt$hash with a fresh salt each time', async () => {
    const a = await hashPassword('same password', FAST);
    const b = await hashPassword('same password', FAST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(a).not.toBe(b);
    expect(formatScryptHash(parseScryptHash(a))).toBe(a);
  });

  it('verifies a hash made elsewhere with the documented format (node crypto.scryptSync)', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const hash = scryptSync('hops and barley', salt, 32, { N: 16384, r: 8, p: 1 });
    const encoded = `scrypt$16384$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
    await expect(verifyPassword('hops and barley', parseScryptHash(encoded))).resolves.toBe(true);
  });

  it.each([
    ['another scheme', 'argon2$1$2$3$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['missing parts', 'scrypt$16384$8$1$c2FsdHNhbHQ='],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['N too small', 'scrypt$2$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['r out of range', 'scrypt$16384$0$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['a short salt', 'scrypt$16384$8$1$c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['a short hash', 'scrypt$16384$8$1$c2FsdHNhbHQ=$aGFzaA=='],
  ])('refuses a hash with %s', (_name, encoded) => {
    expect(() => parseScryptHash(encoded)).toThrow(InvalidPasswordHashError);
  });
});
