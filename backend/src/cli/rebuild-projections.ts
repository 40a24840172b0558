import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { JsonLogger } from '../platform/logging/json-logger';
import type { Leadership } from '@brewery/eventstore';
import { LEADERSHIP } from '../platform/persistence/persistence.tokens';
import { ProjectionRunner, READ_MODELS_SUBSCRIBER } from '../platform/projections/projection-runner';
import { RebuildRefused, rebuildOptions, takeRebuildLease } from './rebuild-lease';

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
    const runner = app.get(ProjectionRunner);
    await takeRebuildLease(app.get<Leadership>(LEADERSHIP), options, (line) => process.stdout.write(`${line}\n`));
    // The lease is this process's: its runner takes the read models over before they are touched.
    for (let waited = 0; !runner.statuses().some((s) => s.name === READ_MODELS_SUBSCRIBER && s.runsHere); waited += 50) {
      if (waited > 10_000)
        throw new RebuildRefused('The lease was taken, but the read models did not start here within 10 s: run this again.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
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
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
