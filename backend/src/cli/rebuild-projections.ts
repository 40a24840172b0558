import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../config/app-config';
import { JsonLogger } from '../platform/logging/json-logger';
import { ProjectionRunner } from '../platform/projections/projection-runner';

/**
 * `npm run projections:rebuild`: empties every read model and replays the whole event log into it, with
 * the configured stores. With MongoDB read models this rebuilds them for the running shops too; with the
 * embedded default the shop already rebuilds them at every start, and this command must not run beside a
 * running shop (PGlite allows one process; the lock file refuses a second) — use the System tab's
 * rebuild instead.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(AppModule.register(config), { logger: new JsonLogger('warn') });
  try {
    await app.init();
    const runner = app.get(ProjectionRunner);
    await runner.whenReadModelsCaughtUp();
    const { events, millis } = await runner.rebuildReadModels();
    const rate = millis > 0 ? Math.round((events / millis) * 1000) : events;
    process.stdout.write(
      `Rebuilt the read models from ${events} events in ${millis} ms (${rate} events/s) on ${config.eventStore.kind} → ${config.readModels.kind}.\n`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
