import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../config/app-config';
import { AdminCredentials, GENERATED_PASSWORD_FILE } from './admin-credentials.service';
import { hashPassword } from './scrypt-password';

describe('admin credentials', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'brewery-admin-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  async function start(env: Record<string, string> = {}): Promise<{ credentials: AdminCredentials; shown: string[] }> {
    const shown: string[] = [];
    const credentials = new AdminCredentials(loadConfig({ DATA_DIR: dataDir, ...env }, '/'), (text) => shown.push(text));
    await credentials.onModuleInit();
    return { credentials, shown };
  }

  it('given ADMIN_PASSWORD, only that password matches and nothing is written or shown', async () => {
    const { credentials, shown } = await start({ ADMIN_PASSWORD: 'swan-and-sand-2026' });
    await expect(credentials.matches('swan-and-sand-2026')).resolves.toBe(true);
    await expect(credentials.matches('Swan-and-sand-2026')).resolves.toBe(false);
    expect(shown).toEqual([]);
    expect(() => statSync(join(dataDir, GENERATED_PASSWORD_FILE))).toThrow();
  });

  it('given ADMIN_PASSWORD_HASH, the password it was made from matches', async () => {
    const { credentials } = await start({ ADMIN_PASSWORD_HASH: await hashPassword('from-a-hash', { N: 1024, r: 8, p: 1 }) });
    await expect(credentials.matches('from-a-hash')).resolves.toBe(true);
    await expect(credentials.matches('from-a-hash ')).resolves.toBe(false);
  });

  it('given neither, the first start generates a password, keeps only its hash (0600) and shows it once', async () => {
    const first = await start();
    expect(first.shown).toHaveLength(1);
    const announcement = first.shown[0] ?? '';
    expect(announcement).toContain('This is the only time it is shown');
    const password = /Admin password \(generated\): (\S+)/.exec(announcement)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(24);
    await expect(first.credentials.matches(password)).resolves.toBe(true);

    const file = join(dataDir, GENERATED_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFileSync(file, 'utf8');
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain(password);

    const second = await start();
    expect(second.shown).toEqual([]);
    await expect(second.credentials.matches(password)).resolves.toBe(true);
  });

  it('given three replicas sharing DATA_DIR starting at once, then exactly one shows a password, and it is the one every replica accepts', async () => {
    const replicas = await Promise.all([start(), start(), start()]);
    const shown = replicas.flatMap((r) => r.shown);
    expect(shown).toHaveLength(1);
    const password = /Admin password \(generated\): (\S+)/.exec(shown[0] ?? '')?.[1] ?? '';
    expect(await Promise.all(replicas.map((r) => r.credentials.matches(password)))).toEqual([true, true, true]);
  });
});
