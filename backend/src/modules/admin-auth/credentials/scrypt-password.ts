import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64: the format of ADMIN_PASSWORD_HASH and of the generated hash file. */
export interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

// OWASP's scrypt minimum (2^17 with r=8) costs 128 MiB per login; 2^15 keeps a login near 50 ms and 32 MiB.
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export class InvalidPasswordHashError extends Error {
  override readonly name = 'InvalidPasswordHashError';
}

export function parseScryptHash(encoded: string): ScryptHash {
  const parts = encoded.trim().split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  const int = (value: string | undefined): number => (value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN);
  const N = int(n);
  const params = { N, r: int(r), p: int(p) };
  if (parts.length !== 6 || scheme !== 'scrypt' || salt === undefined || hash === undefined) {
    throw new InvalidPasswordHashError('An admin password hash must look like scrypt$N$r$p$salt$hash (salt and hash in base64)');
  }
  if (
    !Number.isSafeInteger(N) ||
    N < 2 ** 10 ||
    (N & (N - 1)) !== 0 ||
    !(params.r >= 1 && params.r <= 64) ||
    !(params.p >= 1 && params.p <= 16)
  ) {
    throw new InvalidPasswordHashError(
      'The admin password hash has unusable scrypt parameters: N must be a power of two from 1024, r 1-64, p 1-16',
    );
  }
  const saltBytes = Buffer.from(salt, 'base64');
  const hashBytes = Buffer.from(hash, 'base64');
  if (saltBytes.length < 8 || hashBytes.length < 16) {
    throw new InvalidPasswordHashError('The admin password hash needs a salt of at least 8 bytes and a hash of at least 16 bytes');
  }
  return { ...params, salt: saltBytes, hash: hashBytes };
}

export function formatScryptHash(value: ScryptHash): string {
  return ['scrypt', value.N, value.r, value.p, value.salt.toString('base64'), value.hash.toString('base64')].join('$');
}

export async function hashPassword(password: string, params: { N: number; r: number; p: number } = DEFAULT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, KEY_LENGTH, params);
  return formatScryptHash({ ...params, salt, hash });
}

/** Derives the candidate with the stored parameters and compares in constant time. */
export async function verifyPassword(password: string, stored: ScryptHash): Promise<boolean> {
  const candidate = await derive(password, stored.salt, stored.hash.length, stored);
  return timingSafeEqual(candidate, stored.hash);
}

function derive(password: string, salt: Buffer, keyLength: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
