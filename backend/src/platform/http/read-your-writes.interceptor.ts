import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';
import { writtenPosition } from '../event-sourcing/written-position';
import { ProjectionRunner } from '../projections/projection-runner';

/** The longest a request that wrote waits for its own events to reach this process's read models. */
export const OWN_WRITES_WAIT_MS = 5000;

/**
 * Read-your-writes for the request that wrote, once, for every route: its answer is sent only when this
 * process's read models have applied the last event it wrote (the pipeline records that position as each
 * command is appended), so the list or page the client refetches next shows the change. The same holds when
 * the request is refused after writing something. A request that wrote nothing is answered at once; one whose
 * events are not applied within five seconds is answered anyway (the write succeeded either way).
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(private readonly projections: ProjectionRunner) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    const applied = (): Promise<boolean> => this.projections.waitForReadModels(writtenPosition(res), OWN_WRITES_WAIT_MS);
    return next.handle().pipe(
      mergeMap((value: unknown) => from(applied().then(() => value))),
      catchError((error: unknown) => from(applied()).pipe(mergeMap(() => throwError(() => error)))),
    );
  }
}
