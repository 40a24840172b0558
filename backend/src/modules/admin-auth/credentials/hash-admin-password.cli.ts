import { hashPassword } from './scrypt-password';

/**
 * Prints an ADMIN_PASSWORD_HASH for the password given on stdin, so the plain password never sits in the
 * environment or in shell history:
 *   printf '%s' 'my password' | node backend/dist/modules/admin-auth/credentials/hash-admin-password.cli.js
 */
async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  if (password.length < 8) {
    process.stderr.write('The admin password must be at least 8 characters (give it on stdin).\n');
    process.exit(1);
  }
  process.stdout.write(`${await hashPassword(password)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
