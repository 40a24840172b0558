import type { ApiErrorBody } from '@brewery/shop-rules';

/**
 * A non-OK response. The message is the spec's `<status>: <body text or status text>`; `serverMessage`
 * digs the human sentence out of the API's JSON error body for toasts.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }

  get serverMessage(): string {
    const body = parseErrorBody(this.bodyText);
    return body?.message ?? (this.bodyText || this.message);
  }
}

function parseErrorBody(text: string): Pick<ApiErrorBody, 'message'> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !('message' in parsed)) return null;
    const message: unknown = parsed.message;
    if (typeof message === 'string') return { message };
    // class-validator answers with a list of messages.
    if (Array.isArray(message)) return { message: message.map(String).join(', ') };
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
