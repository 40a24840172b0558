import type { Logger } from '@nestjs/common';
import type { Leadership } from '@brewery/eventstore';

/**
 * A task run every `intervalMs` by the process that holds the lease (the others would only race it), never two at
 * once; a failure is logged and the next tick tries again. `stop` waits for a run under way.
 */
export class LeaderSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly what: string,
    private readonly intervalMs: number,
    private readonly leadership: Leadership,
    private readonly logger: Logger,
    private readonly run: () => Promise<unknown>,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running || !this.leadership.isLeader()) return;
      this.running = this.run()
        .catch((error: unknown) =>
          this.logger.error({ msg: `${this.what} failed`, error: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => (this.running = null));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
