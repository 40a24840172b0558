import { Logger, type ArgumentsHost, BadRequestException } from '@nestjs/common';
import { AppendTooLargeError, WrongExpectedRevisionError } from '@brewery/eventstore';
import { DomainError, type DomainErrorKind } from '../../shared-kernel/domain-error';
import { StoreWriteError } from '../event-sourcing/store-writes';
import { ApiExceptionFilter, MAX_MESSAGE_LENGTH, STORE_WRITE_FAILED_MESSAGE } from './api-exception.filter';

function answer(exception: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const response = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  return sent;
}

describe('ApiExceptionFilter: a DomainError kind is its status', () => {
  it.each<[DomainErrorKind, number]>([
    ['validation', 400],
    ['unauthorized', 401],
    ['not_found', 404],
    ['conflict', 409],
    ['too_large', 413],
    ['unsupported_media', 415],
    ['too_many_requests', 429],
    ['client_closed', 499],
    ['bad_gateway', 502],
    ['unavailable', 503],
  ])('%s answers %i with its code and message', (kind, status) => {
    Logger.overrideLogger(false);
    try {
      expect(answer(new DomainError('some_code', 'Some words', kind))).toEqual({
        status,
        body: { statusCode: status, message: 'Some words', code: 'some_code' },
      });
    } finally {
      Logger.overrideLogger(['log', 'error', 'warn']);
    }
  });
});

describe('ApiExceptionFilter: every error leaves as { statusCode, message, code }', () => {
  // The 5xx are logged; the answers are what is checked here.
  beforeAll(() => {
    Logger.overrideLogger(false);
  });
  afterAll(() => {
    Logger.overrideLogger(['log', 'error', 'warn']);
  });

  it.each([
    [
      'a write the store did not take (disk full)',
      new StoreWriteError(Object.assign(new Error('No space left on device'), { code: 'ENOSPC' })),
      503,
      { statusCode: 503, message: STORE_WRITE_FAILED_MESSAGE, code: 'store_unavailable' },
    ],
    [
      'a conflict with another writer',
      new WrongExpectedRevisionError('s', 1, 2),
      409,
      { statusCode: 409, message: 'Someone else changed this at the same moment. Please try again.', code: 'concurrent_change' },
    ],
    [
      'a change larger than one append takes',
      new AppendTooLargeError('product-1', 1_200_000, 1_000_000),
      413,
      { statusCode: 413, message: 'This change is too large to record at once: make it smaller, or in parts', code: 'change_too_large' },
    ],
    [
      'a domain refusal',
      new DomainError('ceiling', 'Only 2 left', 'conflict'),
      409,
      { statusCode: 409, message: 'Only 2 left', code: 'ceiling' },
    ],
    [
      'a form refused field by field',
      new DomainError('invalid_customer_info', 'phone must be…', 'validation', { phone: 'Please enter an Australian phone number.' }),
      400,
      {
        statusCode: 400,
        message: 'phone must be…',
        code: 'invalid_customer_info',
        fields: { phone: 'Please enter an Australian phone number.' },
      },
    ],
    ['anything else', new Error('boom'), 500, { statusCode: 500, message: 'Internal server error', code: 'internal_error' }],
  ])('%s', (_, exception, status, body) => {
    expect(answer(exception)).toEqual({ status, body });
  });

  it('given 8,000 broken rules, lists the first ten and says how many more', () => {
    const problems = Array.from({ length: 8000 }, (_, i) => `property k${i} should not exist`);
    const { status, body } = answer(new BadRequestException(problems));
    expect(status).toBe(400);
    const { message } = body as { message: string };
    expect(message).toBe(`${problems.slice(0, 10).join('; ')}; and 7990 more`);
  });

  it('given one enormous message, cuts it at the limit', () => {
    const { body } = answer(new DomainError('huge', 'x'.repeat(100_000)));
    expect((body as { message: string }).message).toHaveLength(MAX_MESSAGE_LENGTH);
  });
});
