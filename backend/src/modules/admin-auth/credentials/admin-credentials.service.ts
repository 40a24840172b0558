import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { readOrCreateSecretFile } from '../../../platform/persistence/data-dir-secret';
import { hashPassword, parseScryptHash, verifyPassword, type ScryptHash } from './scrypt-password';

export const GENERATED_PASSWORD_FILE = 'admin-password.hash';

/** Where the one-time announcement of a generated password goes (stdout in the server). */
export type PasswordAnnouncer = (text: string) => void;
export const PASSWORD_ANNOUNCER = Symbol('PASSWORD_ANNOUNCER');

/**
 * The admin password, held only as a scrypt hash: ADMIN_PASSWORD (hashed at start), ADMIN_PASSWORD_HASH, or
 * a password generated on first start whose hash is kept in DATA_DIR and which is shown once, then never.
 */
@Injectable()
export class AdminCredentials implements OnModuleInit {
  private stored: ScryptHash | null = null;
  /** What the password is known by here: itself (ADMIN_PASSWORD) or its stored hash. Changes only with it. */
  private source: string | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PASSWORD_ANNOUNCER) private readonly announce: PasswordAnnouncer,
  ) {}

  async onModuleInit(): Promise<void> {
    const { password, passwordHash } = this.config.admin;
    if (password !== null) {
      // Hashed afresh with a new salt at every start: the password itself is what identifies it.
      this.stored = parseScryptHash(await hashPassword(password));
      this.source = `password:${password}`;
      return;
    }
    if (passwordHash !== null) {
      this.stored = parseScryptHash(passwordHash);
      this.source = `hash:${passwordHash}`;
      return;
    }
    const path = join(this.config.dataDir, GENERATED_PASSWORD_FILE);
    let generated: string | null = null;
    // Replicas sharing DATA_DIR may all start at once and each make a password: only the one whose hash was
    // written first (the file is created exclusively) shows it; the others read that hash and show nothing.
    const { value, created } = await readOrCreateSecretFile(path, async () => {
      generated = randomBytes(18).toString('base64url');
      return hashPassword(generated);
    });
    this.stored = parseScryptHash(value);
    this.source = `hash:${value}`;
    if (created && generated !== null) {
      this.announce(
        [
          '',
          '==================================================================',
          `  Admin password (generated): ${generated as string}`,
          '  This is the only time it is shown. Keep it in a password manager.',
          `  Only its scrypt hash is stored, in ${path}.`,
          '  To choose your own, set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH;',
          '  to get a new one, delete that file and restart.',
          '==================================================================',
          '',
        ].join('\n'),
      );
    }
  }

  /**
   * What identifies the current password, never shown: tokens carry a keyed digest of it, so every token
   * issued before the password (or its hash) changed is refused. Plain text only in this process's memory.
   */
  passwordSource(): string {
    if (this.source === null) throw new Error('Admin credentials are not loaded yet');
    return this.source;
  }

  async matches(password: string): Promise<boolean> {
    if (this.stored === null) throw new Error('Admin credentials are not loaded yet');
    return verifyPassword(password, this.stored);
  }
}
