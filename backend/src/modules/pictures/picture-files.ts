import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppConfig, APP_CONFIG } from '../../config/app-config';
import { PICTURE_FORMATS, type PictureFormat } from './domain/picture';

const EXTENSION: Readonly<Record<PictureFormat, string>> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/**
 * The picture files under `DATA_DIR/media` (a volume in docker compose, shared by every shop process): the
 * served sizes at the top, the uploaded originals under `originals/`. Every name comes from the content's
 * hash, so a file is written once, never changed, and two processes writing the same one write the same
 * bytes: each write goes to a temporary name first and is renamed into place, so no reader sees half a file.
 */
@Injectable()
export class PictureFiles {
  readonly dir: string;
  private readonly originals: string;
  private ready: Promise<void> | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = join(config.dataDir, 'media');
    this.originals = join(this.dir, 'originals');
  }

  /** Where a served size lives (the name was checked by `parseVariantName`). */
  variantPath(name: string): string {
    return join(this.dir, name);
  }

  async hasVariant(name: string): Promise<boolean> {
    return exists(this.variantPath(name));
  }

  async saveVariant(name: string, bytes: Buffer): Promise<void> {
    await this.write(this.variantPath(name), bytes);
  }

  async saveOriginal(pictureId: string, format: PictureFormat, bytes: Buffer): Promise<void> {
    await this.write(join(this.originals, `${pictureId}.${EXTENSION[format]}`), bytes);
  }

  /** The uploaded bytes of a picture, or null when they are not here (a volume restored without them). */
  async readOriginal(pictureId: string): Promise<Buffer | null> {
    for (const format of PICTURE_FORMATS) {
      try {
        return await readFile(join(this.originals, `${pictureId}.${EXTENSION[format]}`));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return null;
  }

  private async write(path: string, bytes: Buffer): Promise<void> {
    if (await exists(path)) return;
    this.ready ??= mkdir(this.originals, { recursive: true }).then(() => undefined);
    await this.ready;
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
