import { Injectable } from '@nestjs/common';

/** The HTTP server's connection counters, once `main.ts` has applied its limits (none in tests without a listener). */
@Injectable()
export class ConnectionStats {
  private source: { refused: () => number; open: () => number } | null = null;

  attach(source: { refused: () => number; open: () => number }): void {
    this.source = source;
  }

  read(): { open: number; refused: number } | null {
    return this.source === null ? null : { open: this.source.open(), refused: this.source.refused() };
  }
}
