import { Inject, Injectable } from '@nestjs/common';
import { normaliseDiscountCode, describeDiscount, type AppliedDiscount, type CreateDiscountCodeRequest } from '@brewery/shop-rules';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CLOCK, type Clock } from '../../../platform/clock';
import { CatalogStock } from '../../catalog';
import {
  discountCodeDecider,
  discountCodeStreamName,
  discountFor,
  type DefinedCode,
  type DiscountBasket,
  type DiscountCodeCommand,
} from '../domain/discount-code.decider';
import { definitionFrom } from '../domain/discount-definition';
import { DiscountErrors } from '../domain/discount-code.errors';

/**
 * The use cases of discount codes, each one command on the code's stream: the operator creates and disables codes;
 * a checkout previews a code, holds one use with its cans, and the use is given back when the checkout ends unpaid
 * or taken for good when it is paid. Every refusal is the code decider's.
 */
@Injectable()
export class DiscountCodes {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly stock: CatalogStock,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A new code (400 naming the field that is wrong, 409 when the code exists). */
  async create(request: CreateDiscountCodeRequest, cause: Cause): Promise<DefinedCode> {
    const definition = definitionFrom(request);
    const unknownProductIds: string[] = [];
    for (const productId of definition.productIds ?? []) {
      const snapshot = await this.stock.snapshot(productId);
      if (snapshot === null || snapshot.product.archived) unknownProductIds.push(productId);
    }
    return this.run(
      definition.code,
      { type: 'CreateDiscountCode', definition, unknownProductIds, at: this.clock.now().toISOString() },
      cause,
    );
  }

  /** Stops new uses at once; checkouts holding one keep it (404 for a code that does not exist). */
  async disable(raw: string, cause: Cause): Promise<DefinedCode> {
    const code = normaliseDiscountCode(raw);
    if (code === null || (await this.defined(code)) === null) throw DiscountErrors.notFound(String(raw).slice(0, 40));
    return this.run(code, { type: 'DisableDiscountCode', at: this.clock.now().toISOString() }, cause);
  }

  /** The code as the shop keeps it (capitals), or 400 when it is not a code's shape. */
  codeOf(raw: string): string {
    const code = normaliseDiscountCode(raw);
    if (code === null) throw DiscountErrors.malformed();
    return code;
  }

  /**
   * What the code takes off this basket, or the decider's refusal (409; 400 for a code of the wrong shape). Nothing is
   * written: a checkout holds the use afterwards (`hold`), and the decider decides again then.
   */
  async price(raw: string, basket: DiscountBasket): Promise<AppliedDiscount> {
    const code = this.codeOf(raw);
    const { state } = await this.pipeline.check({
      streamName: discountCodeStreamName(code),
      decider: discountCodeDecider,
      command: { type: 'CheckDiscountCode', basket },
    });
    const defined = state as DefinedCode;
    return {
      code,
      kind: defined.definition.offer.kind,
      cents: discountFor(defined.definition, basket),
      description: describeDiscount(defined.definition.offer),
      productIds: defined.definition.productIds,
    };
  }

  /** The checkout `orderId` holds one use (its cans are held too): refused as `price` is when it no longer applies. */
  async hold(
    orderId: string,
    discount: AppliedDiscount,
    basket: DiscountBasket,
    totalCents: number,
    cause: Cause,
    options: { capture?: boolean } = {},
  ): Promise<void> {
    const capture = options.capture === true ? { capture: true } : {};
    await this.run(
      discount.code,
      { type: 'HoldDiscountUse', orderId, basket, discountCents: discount.cents, totalCents, ...capture },
      cause,
    );
  }

  /** The checkout ended unpaid: its use is free again (nothing when it held none). */
  async release(code: string, orderId: string, reason: string, cause: Cause): Promise<void> {
    await this.run(code, { type: 'ReleaseDiscountUse', orderId, reason }, cause);
  }

  /** The order was paid with the code: its use is taken for good. */
  async redeem(orderId: string, discount: AppliedDiscount, email: string, totalCents: number, cause: Cause): Promise<void> {
    await this.run(
      discount.code,
      { type: 'RedeemDiscountUse', orderId, email, discountCents: discount.cents, totalCents, at: this.clock.now().toISOString() },
      cause,
    );
  }

  private async defined(code: string): Promise<DefinedCode | null> {
    const { state } = await this.pipeline.load(discountCodeStreamName(code), discountCodeDecider);
    return state.kind === 'defined' ? state : null;
  }

  /** Runs one command on the code's stream; the code's state after it. */
  private async run(code: string, command: DiscountCodeCommand, cause: Cause): Promise<DefinedCode> {
    const { state } = await this.pipeline.run({ streamName: discountCodeStreamName(code), decider: discountCodeDecider, command, cause });
    return state as DefinedCode;
  }
}
