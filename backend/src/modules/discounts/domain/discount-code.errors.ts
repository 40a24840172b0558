import { DISCOUNT_REFUSALS, type DiscountRefusalCode } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';

function refusal(code: DiscountRefusalCode, message: string = DISCOUNT_REFUSALS[code]): DomainError {
  return new DomainError(code, message, 'conflict');
}

/** A code's refusals, with stable codes: 409 for a code that does not apply, 400 for a malformed one. */
export const DiscountErrors = {
  unknown: (): DomainError => refusal('code_unknown'),
  notStarted: (): DomainError => refusal('code_not_started'),
  expired: (): DomainError => refusal('code_expired'),
  disabled: (): DomainError => refusal('code_disabled'),
  usedUp: (): DomainError => refusal('code_used_up'),
  alreadyUsed: (): DomainError => refusal('code_already_used'),
  minCans: (minCans: number, cans: number): DomainError =>
    refusal('code_min_cans', `That code needs at least ${minCans} ${minCans === 1 ? 'can' : 'cans'} in the order (this one has ${cans}).`),
  notForTheseBeers: (): DomainError => refusal('code_not_for_these_beers'),
  /** Nothing to take off: a free-shipping code on an order that pays no shipping, say. */
  nothingOff: (): DomainError =>
    new DomainError('code_nothing_off', 'That code takes nothing off this order (it has no shipping to pay).', 'conflict'),
  malformed: (): DomainError =>
    new DomainError('invalid_discount_code', 'A code is 3 to 32 letters, digits and dashes.', 'validation', {
      code: 'Use 3 to 32 letters, digits and dashes',
    }),
  invalidDefinition: (field: string, message: string): DomainError =>
    new DomainError('invalid_discount_definition', message, 'validation', { [field]: message }),
  taken: (code: string): DomainError => new DomainError('code_taken', `The code ${code} exists already.`, 'conflict'),
  notFound: (code: string): DomainError => new DomainError('discount_code_not_found', `There is no code ${code}.`, 'not_found'),
} as const;
