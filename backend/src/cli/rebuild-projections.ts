import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../config/app-config';
import { JsonLogger } from '../platform/logging/json-logger';
import { ProjectionRunner } from '../platform/projections/projection-runner';

/**
 * `npm run projections:rebuild`: replays the whole event log into new read models beside the live ones and
 * switches to them, with the configured stores. With MongoDB read models this rebuilds them for the shops;
 * while a shop runs, it holds the lease that keeps them, so use the System tab's rebuild then (this command
 * says so). With the embedded default the shop already rebuilds them at every start, and this command must
 * not run beside a running shop (PGlite allows one process; the lock file refuses a second).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(AppModule.register(config), { logger: new JsonLogger('warn') });
  try {
    await app.init();
    const runner = app.get(ProjectionRunner);
    // After a restore of the events alone, checkpoints past the log's end are moved back to it, said aloud.
    for (const { name, from, to } of await runner.moveCheckpointsPastTheEnd()) {
      process.stdout.write(`Moved the checkpoint of ${name} from ${from}, past the end of the event log, back to its end (${to}).\n`);
    }
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
