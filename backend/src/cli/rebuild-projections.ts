import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { JsonLogger } from '../platform/logging/json-logger';
import { rebuildOptions } from './rebuild-lease';
import { rebuildAsLeaseHolder } from './rebuild-read-models';

/**
 * `npm run projections:rebuild [-- --force [--wait=SECONDS]]`: replays the whole event log into new read models
 * beside the live ones and switches to them, with the configured stores. With MongoDB read models this rebuilds
 * them for the shops, as the holder of their lease (`takeRebuildLease`): it waits out the lease of a shop that
 * crashed, refuses while a shop serving holds it (the System tab's rebuild is the one then), and with `--force`
 * waits for that shop to stop. With the embedded default the shop already rebuilds them at every start, and this
 * command must not run beside a running shop (PGlite allows one process; the lock file refuses a second).
 */
async function main(): Promise<void> {
  const options = rebuildOptions(process.argv.slice(2));
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(AppModule.register(config), { logger: new JsonLogger('warn') });
  try {
    await app.init();
    const done = await rebuildAsLeaseHolder(app, options, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(`${done} on ${config.eventStore.kind} → ${config.readModels.kind}.\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
