import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a small secret before it goes into an event (a two-factor secret, a link that works once): AES-256-GCM
 * under a key derived from the server secret and the secret's purpose, so the log alone hands out nothing.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose = 'staff-two-factor') {
    this.key = createHash('sha256').update(`${purpose}:${serverSecret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || body === undefined || tag === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
