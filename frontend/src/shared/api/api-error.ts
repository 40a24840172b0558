import type { ApiErrorBody } from '@brewery/shop-rules';

/**
 * A non-OK response. The message is the spec's `<status>: <body text or status text>`; `serverMessage`
 * digs the human sentence out of the API's JSON error body for toasts, `code` the machine-readable reason
 * (`shop_busy`, `order_limit`, …), and `retryAfterSeconds` the answer's `Retry-After` header.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** Whole seconds from `Retry-After` (seconds or an HTTP date), or null when the answer had none. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, bodyText: string, statusText: string, headers?: Headers, receivedAt = Date.now()) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.retryAfterSeconds = parseRetryAfter(headers?.get('Retry-After') ?? null, receivedAt);
  }

  get serverMessage(): string {
    const body = parseErrorBody(this.bodyText);
    return body?.message ?? (this.bodyText || this.message);
  }

  /** The error body's `code`, when the server gave one. */
  get code(): string | undefined {
    return parseErrorBody(this.bodyText)?.code;
  }

  /** A form's refused fields, each with what to do in plain words, when the server named them. */
  get fields(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      const fields: unknown = typeof parsed === 'object' && parsed !== null && 'fields' in parsed ? parsed.fields : null;
      if (typeof fields !== 'object' || fields === null) return {};
      return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      return {};
    }
  }
}

/** `Retry-After: 12` or `Retry-After: Wed, 25 Nov 2026 12:00:00 GMT`, as whole seconds from now (never negative). */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function parseErrorBody(text: string): Pick<ApiErrorBody, 'message' | 'code'> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !('message' in parsed)) return null;
    const message: unknown = parsed.message;
    const code = 'code' in parsed && typeof parsed.code === 'string' ? { code: parsed.code } : {};
    if (typeof message === 'string') return { message, ...code };
    // class-validator answers with a list of messages.
    if (Array.isArray(message)) return { message: message.map(String).join(', '), ...code };
    return null;
  } catch {
    return null;
  }
}

/** The text to show a customer for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}
