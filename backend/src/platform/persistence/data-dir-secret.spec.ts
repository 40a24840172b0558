import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOrCreateSecretFile } from './data-dir-secret';

describe('a secret kept in DATA_DIR', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'brewery-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given thirty processes starting at once, then one creates it, every other reads that one whole, and no draft is left', async () => {
    const path = join(dir, 'secrets', 'admin-password.hash');
    // Large enough to take several writes: a reader of a file created empty and then written would read it torn.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        readOrCreateSecretFile(
          path,
          () => new Promise((resolve) => setTimeout(() => resolve(`secret-${i}-${'x'.repeat(8_000_000)}`), i % 4)),
        ),
      ),
    );
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.value)).size).toBe(1);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'secrets'))).toEqual(['admin-password.hash']);
  });

  it('given it exists, then it is read as it is and nothing is created', async () => {
    const path = join(dir, 'jwt-secret');
    await readOrCreateSecretFile(path, () => Promise.resolve('first'));
    expect(await readOrCreateSecretFile(path, () => Promise.resolve('second'))).toEqual({ value: 'first', created: false });
  });
});
