import type { INestApplicationContext } from '@nestjs/common';
import type { Leadership } from '@brewery/eventstore';
import { LEADERSHIP } from '../platform/persistence/persistence.tokens';
import { ProjectionRunner, READ_MODELS_SUBSCRIBER } from '../platform/projections/projection-runner';
import { RebuildRefused, takeRebuildLease, type RebuildLeaseOptions } from './rebuild-lease';

/**
 * What `npm run projections:rebuild` does in a started application: takes the lease (`takeRebuildLease`), waits
 * for its runner to take the read models over, moves every checkpoint past the end of the log back to its end
 * (saying each), and rebuilds the read models from the log. Returns what the operator is told at the end.
 */
export async function rebuildAsLeaseHolder(
  app: INestApplicationContext,
  options: RebuildLeaseOptions,
  say: (line: string) => void,
): Promise<string> {
  const runner = app.get(ProjectionRunner);
  await takeRebuildLease(app.get<Leadership>(LEADERSHIP), options, say);
  // The lease is this process's: its runner takes the read models over before they are touched.
  for (let waited = 0; !runner.statuses().some((s) => s.name === READ_MODELS_SUBSCRIBER && s.runsHere); waited += 50) {
    if (waited > 10_000)
      throw new RebuildRefused('The lease was taken, but the read models did not start here within 10 s: run this again.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // After a restore of the events alone, checkpoints past the log's end are moved back to it, said aloud.
  for (const { name, from, to } of await runner.moveCheckpointsPastTheEnd()) {
    say(`Moved the checkpoint of ${name} from ${from}, past the end of the event log, back to its end (${to}).`);
  }
  await runner.whenReadModelsCaughtUp();
  const { events, millis } = await runner.rebuildReadModels();
  const rate = millis > 0 ? Math.round((events / millis) * 1000) : events;
  return `Rebuilt the read models from ${events} events in ${millis} ms (${rate} events/s)`;
}
