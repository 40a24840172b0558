import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SendMailOptions } from 'nodemailer';

const WORKER_SCRIPT = join(__dirname, 'outbox-thread.cjs');

interface Job {
  id: number;
  path: string;
  mail: SendMailOptions;
  resolve: (messageId: string) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; messageId: string } | { id: number; error: string };

/**
 * Composes and writes the outbox's e-mails in a thread of their own (outbox-thread.cjs), a batch at a time: what
 * is asked while a batch is being written goes together in the next one, so on a busy day one message to the
 * thread serves many e-mails, and the event loop keeps none of nodemailer's or the file system's time. The thread
 * is started on the first e-mail and started again after a failure; it never keeps the process alive.
 */
export class OutboxWriter {
  private worker: Worker | null = null;
  private readonly waiting: Job[] = [];
  private readonly writing = new Map<number, Job>();
  private nextId = 1;
  private closed = false;

  /** Composes `mail` and writes it to `path`; answers with its Message-ID once the file is written. */
  write(path: string, mail: SendMailOptions): Promise<string> {
    if (this.closed) return Promise.reject(new Error('The outbox is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, path, mail, resolve, reject });
      this.sendNext();
    });
  }

  /** Ends the thread; e-mails not yet written are refused (their delivery is tried again at the next start). */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('The outbox is closed'));
    if (worker !== null) await worker.terminate();
  }

  private sendNext(): void {
    if (this.writing.size > 0 || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0);
    for (const job of batch) this.writing.set(job.id, job);
    const worker = this.thread();
    worker.ref();
    worker.postMessage(batch.map(({ id, path, mail }) => ({ id, path, mail })));
  }

  private thread(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = new Worker(WORKER_SCRIPT);
    worker.on('message', (answers: Answer[]) => {
      for (const answer of answers) {
        const job = this.writing.get(answer.id);
        if (job === undefined) continue;
        this.writing.delete(answer.id);
        if ('error' in answer) job.reject(new Error(answer.error));
        else job.resolve(answer.messageId);
      }
      if (this.writing.size === 0 && this.waiting.length === 0) worker.unref();
      this.sendNext();
    });
    const lost = (error: Error): void => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The outbox thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    const jobs = [...this.writing.values(), ...this.waiting.splice(0)];
    this.writing.clear();
    for (const job of jobs) job.reject(error);
  }
}
