import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { DomainError } from '../../../shared-kernel/domain-error';
import { CheckoutErrors } from '../domain/checkout.errors';
import type { Request, Response } from 'express';
import { CheckoutAdmission } from './checkout-admission.service';
import { clientAddressOf } from './checkout-holder';
import { CheckoutLimitError } from './client-checkout-limits';

/** A client's checkout limit as its answer: 429 with `Retry-After`, the limit's message and code. */
export function clientLimitRefusal(error: CheckoutLimitError, res: Response): DomainError {
  res.setHeader('Retry-After', String(error.retryAfterSeconds));
  return CheckoutErrors.clientLimit(error.code, error.message);
}

/**
 * Counts the checkout attempt (`CHECKOUT_RATE_PER_MINUTE` per client address) before the body is validated: a guard
 * runs before the pipes, so a client past its minute is refused before any of its checkout is read.
 */
@Injectable()
export class CheckoutAttemptsGuard implements CanActivate {
  constructor(private readonly admission: CheckoutAdmission) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    try {
      this.admission.countAttempt(clientAddressOf(http.getRequest<Request>()));
    } catch (error) {
      if (error instanceof CheckoutLimitError) throw clientLimitRefusal(error, http.getResponse<Response>());
      throw error;
    }
    return true;
  }
}
