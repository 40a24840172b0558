import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppendTooLargeError, WrongExpectedRevisionError } from '@brewery/eventstore';
import type { ApiErrorBody } from '@brewery/shop-rules';
import { DomainError, type DomainErrorKind } from '../../shared-kernel/domain-error';
import { StoreWriteError } from '../event-sourcing/store-writes';

/** What a customer or the operator hears when the event store does not take a write. */
export const STORE_WRITE_FAILED_MESSAGE =
  'The shop cannot save changes right now (its storage is not taking writes). Please try again in a few minutes.';

const STATUS: Record<DomainErrorKind, number> = {
  validation: HttpStatus.BAD_REQUEST,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  unsupported_media: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  too_many_requests: HttpStatus.TOO_MANY_REQUESTS,
  // As nginx logs it: the client closed the connection before the answer; nobody reads the body.
  client_closed: 499,
  bad_gateway: HttpStatus.BAD_GATEWAY,
};

/** Every error leaves the API as `{ statusCode, message, code }` with one readable message. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof DomainError)
      return {
        statusCode: STATUS[exception.kind],
        message: boundedMessage([exception.message]),
        code: exception.code,
        ...(exception.fields === undefined ? {} : { fields: { ...exception.fields } }),
      };
    if (exception instanceof StoreWriteError) {
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: STORE_WRITE_FAILED_MESSAGE, code: 'store_unavailable' };
    }
    if (exception instanceof AppendTooLargeError) {
      return {
        statusCode: HttpStatus.PAYLOAD_TOO_LARGE,
        message: 'This change is too large to record at once: make it smaller, or in parts',
        code: 'change_too_large',
      };
    }
    if (exception instanceof WrongExpectedRevisionError) {
      return {
        statusCode: HttpStatus.CONFLICT,
        message: 'Someone else changed this at the same moment. Please try again.',
        code: 'concurrent_change',
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const detail = typeof raw === 'string' ? raw : (raw as { message?: unknown }).message;
      // class-validator gives one message per broken rule: send them all, readable.
      const message = boundedMessage(
        Array.isArray(detail) ? detail.map(String) : [typeof detail === 'string' ? detail : exception.message],
      );
      const code =
        typeof raw === 'object' && raw !== null && typeof (raw as { code?: unknown }).code === 'string'
          ? (raw as { code: string }).code
          : httpCode(status);
      return { statusCode: status, message, code };
    }
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', code: 'internal_error' };
  }
}

/** The most problems one answer lists, and the longest message it carries: a hostile body cannot make a huge answer. */
export const MAX_LISTED_PROBLEMS = 10;
export const MAX_MESSAGE_LENGTH = 2_000;

/** Problems joined into one readable message: the first few, then how many more; never longer than the limit. */
export function boundedMessage(problems: readonly string[]): string {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS).join('; ');
  const more = problems.length - MAX_LISTED_PROBLEMS;
  const message = more > 0 ? `${listed}; and ${more} more` : listed;
  return message.length <= MAX_MESSAGE_LENGTH ? message : `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;
}

function httpCode(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'too_many_requests';
    default:
      return status >= 500 ? 'internal_error' : 'error';
  }
}
