// @ts-check
'use strict';
/**
 * The thread that composes the outbox's e-mails and writes them (`OutboxWriter`, outbox-writer.ts): nodemailer
 * makes the MIME message, and each goes to its file, so neither the composing nor the file system's time is the
 * server's event loop. Batches come in as `{ id, path, mail }[]` and go back as `{ id, messageId } | { id, error }[]`,
 * in the same order.
 *
 * Plain CommonJS on purpose: a Worker cannot load TypeScript, and this file is the same under src/ (Jest) and
 * dist/ (tsc copies it), resolving nodemailer from node_modules either way.
 */
const { writeFileSync } = require('node:fs');
const { parentPort } = require('node:worker_threads');
const nodemailer = require('nodemailer');

if (parentPort === null) throw new Error('outbox-thread.cjs runs only as a worker thread');
const port = parentPort;

/** The real message as an SMTP server would receive it, with unix line ends (a file, not a wire). */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** @param {{ id: number, path: string, mail: import('nodemailer').SendMailOptions }} job */
async function writeOne(job) {
  try {
    const info = await composer.sendMail(job.mail);
    // At once, in this thread: a few kilobytes to the operating system's cache.
    writeFileSync(job.path, /** @type {Buffer} */ (info.message));
    return { id: job.id, messageId: String(info.messageId) };
  } catch (error) {
    return { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (/** @type {{ id: number, path: string, mail: import('nodemailer').SendMailOptions }[]} */ batch) => {
  void Promise.all(batch.map(writeOne)).then((answers) => port.postMessage(answers));
});
