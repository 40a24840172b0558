import { DomainError } from '../../../shared-kernel/domain-error';

/** The Analytics tab's refusals: stable codes, and the messages the operator reads in the toast. */
export const ReportingErrors = {
  invalidIdempotencyKey: (): DomainError =>
    new DomainError('invalid_idempotency_key', 'Idempotency-Key must be 1 to 200 printable characters'),
  datesRequired: (): DomainError => new DomainError('report_dates_required', 'Start date and end date are required'),
  invalidDate: (field: 'Start date' | 'End date', value: string): DomainError =>
    new DomainError(
      'report_date_invalid',
      `${field} must be a calendar date written YYYY-MM-DD (got "${value.length > 32 ? `${value.slice(0, 32)}…` : value}")`,
    ),
  startAfterEnd: (): DomainError => new DomainError('report_period_reversed', 'Start date must be on or before the end date'),
  periodTooLong: (maxDays: number): DomainError =>
    new DomainError('report_period_too_long', `A sales report covers at most ${maxDays} days; choose a shorter period`),
  stockEmailBlank: (): DomainError => new DomainError('stock_email_blank', 'Please enter the stock e-mail text'),
  stockEmailTooLong: (max: number): DomainError =>
    new DomainError('stock_email_too_long', `The stock e-mail is too long (${max.toLocaleString('en-AU')} characters at most)`),
  stockEmailHeader: (): DomainError => new DomainError('stock_email_header', 'The first line must be UPDATE STOCK'),
};
