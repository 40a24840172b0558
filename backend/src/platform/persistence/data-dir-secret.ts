import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { generateSecret, type AppConfig } from '../../config/app-config';

/**
 * Reads a secret kept in DATA_DIR, or creates it with `create` when absent. The secret is written whole to a
 * file of its own (mode 0600), then linked into place, which fails when the name exists: two processes starting
 * at once cannot both create it (the later one reads the first one's), and none ever reads it half-written.
 */
export async function readOrCreateSecretFile(path: string, create: () => Promise<string>): Promise<{ value: string; created: boolean }> {
  const existing = await readIfExists(path);
  if (existing !== null) return { value: existing, created: false };
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const value = await create();
  const draft = `${path}.${process.pid}-${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${value}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, path);
    return { value, created: true };
  } catch (error) {
    if (isCode(error, 'EEXIST')) {
      const winner = await readIfExists(path);
      if (winner !== null) return { value: winner, created: false };
    }
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

/** Where the server secret is kept when JWT_SECRET is not set. */
const GENERATED_JWT_SECRET_FILE = 'jwt-secret';

/**
 * The server's signing secret: JWT_SECRET, or the one generated into DATA_DIR on first start. Admin tokens
 * are signed with it, and checkout holders are keyed with it, so every process sharing the secret agrees.
 */
export async function serverSecret(config: Pick<AppConfig, 'admin' | 'dataDir'>): Promise<string> {
  return (
    config.admin.jwtSecret ??
    (await readOrCreateSecretFile(join(config.dataDir, GENERATED_JWT_SECRET_FILE), () => Promise.resolve(generateSecret()))).value
  );
}

async function readIfExists(path: string): Promise<string | null> {
  try {
    const text = (await readFile(path, 'utf8')).trim();
    if (text === '') throw new Error(`${path} is empty: delete it to generate a new one`);
    return text;
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
