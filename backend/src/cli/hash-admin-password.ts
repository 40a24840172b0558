import { hashPassword } from '../modules/admin-auth';

/**
 * `npm run admin:hash-password`: reads a password on standard input (so it stays out of shell history)
 * and prints the scrypt hash to put in ADMIN_PASSWORD_HASH.
 */
async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password.length < 8) throw new Error('The admin password must be at least 8 characters');
  process.stdout.write(`${await hashPassword(password)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
