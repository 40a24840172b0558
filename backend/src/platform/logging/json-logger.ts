import type { LoggerService } from '@nestjs/common';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SECRETS =
  /\b(sk|rk|pk)_(test|live)_[A-Za-z0-9]+|\bwhsec_[A-Za-z0-9]+|\bpi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+|\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

/** Masks e-mail addresses, API keys, client secrets and JWTs wherever they appear in a log line. */
export function redact(text: string): string {
  return text.replace(EMAIL, '[email]').replace(SECRETS, '[secret]');
}

/**
 * One JSON object per line on stdout (errors on stderr): time, level, context, message, and extra fields.
 * Everything passes through `redact`, so customer e-mail addresses and secrets never reach the logs.
 */
export class JsonLogger implements LoggerService {
  constructor(private readonly level: LogLevel = 'info') {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  private write(level: Exclude<LogLevel, 'silent'>, message: unknown, rest: unknown[]): void {
    if (RANK[level] < RANK[this.level]) return;
    // Nest passes the context as the last string argument, and a stack before it for errors.
    const strings = rest.filter((r): r is string => typeof r === 'string');
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    const stack = strings.length > 1 ? strings[0] : undefined;
    const fields =
      typeof message === 'object' && message !== null && !(message instanceof Error)
        ? (message as Record<string, unknown>)
        : { msg: message instanceof Error ? message.message : String(message) };
    const line = redact(JSON.stringify({ time: new Date().toISOString(), level, context, ...fields, ...(stack ? { stack } : {}) }));
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  }
}
