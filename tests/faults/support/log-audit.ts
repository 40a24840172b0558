import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Bounded like real addresses, so a long run of garbage in a logged path cannot make the scan quadratic.
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}/g;

/**
 * Lines of a server's output that give away a secret or an e-mail address: any of the given secrets
 * verbatim, or anything shaped like an e-mail address other than the `allowed` ones (the shop's own).
 */
export function leakedLines(output: string, secrets: readonly string[], allowed: readonly string[] = []): string[] {
  const allow = new Set(allowed.map((a) => a.toLowerCase()));
  const needles = secrets.filter((s) => s.length >= 6);
  return output.split('\n').filter((line) => {
    if (needles.some((secret) => line.includes(secret))) return true;
    return [...line.matchAll(EMAIL)].some((match) => !allow.has(match[0].toLowerCase()));
  });
}

/** The webhook signing secret the local payment gateway generated in a shop's data directory. */
export function testGatewaySecret(dataDir: string): string {
  return readFileSync(join(dataDir, 'test-gateway', 'webhook-secret'), 'utf8').trim();
}
