/** What other parts of the server may use from discount codes. */
export { DiscountsModule } from './discounts.module';
export { DiscountCodes } from './discount-codes/discount-codes.service';
export type { DiscountBasket } from './domain/discount-code.decider';
export { discountCodeStreamName } from './domain/discount-code.decider';
export { DISCOUNT_CODE_EVENT_TYPES } from './domain/discount-code.events';
export { describeDiscountCodeEvent } from './discount-codes/discount-code-view';
