import { createHash } from 'node:crypto';

/**
 * What the payment's stream keeps of its client secret: a digest, so the log never holds the secret itself, yet a
 * browser that shows the secret can be told how its payment went (and nobody else).
 */
export function clientSecretDigest(clientSecret: string): string {
  return createHash('sha256').update(clientSecret).digest('base64url');
}
