import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDataDir, DataDirError } from './data-dir-check';

describe('checkDataDir: DATA_DIR is usable before anything opens in it', () => {
  const root = mkdtempSync(join(tmpdir(), 'data-dir-check-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('given a directory that does not exist yet, then it is created, and the write check leaves nothing behind', async () => {
    const dir = join(root, 'fresh', 'data');
    await checkDataDir(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('given a path through a file, then one line names the directory and says a part of it is a file', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    const dir = join(file, 'data');
    await expect(checkDataDir(dir)).rejects.toThrow(
      new DataDirError(
        `DATA_DIR ${dir} cannot be created: a part of the path is a file, not a directory (ENOTDIR: not a directory, mkdir '${dir}')`,
      ),
    );
  });

  it('given a path that is a file itself, then it says so', async () => {
    const file = join(root, 'another-file');
    writeFileSync(file, 'x');
    await expect(checkDataDir(file)).rejects.toThrow(new DataDirError(`DATA_DIR ${file} cannot be used: it is a file, not a directory`));
  });

  it('given a disk with less room than the shop needs, then it says the disk is full and how much is free', async () => {
    const dir = join(root, 'full');
    const error = await checkDataDir(dir, Number.MAX_SAFE_INTEGER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirError);
    expect((error as Error).message).toMatch(
      new RegExp(`^DATA_DIR ${dir} cannot be used: the disk is full \\(\\d+(\\.\\d)? MiB free, at least 16 MiB needed\\)$`),
    );
  });
});
