import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { DocumentStore, EventStore } from '@brewery/eventstore';
import {
  DISCOUNT_KINDS,
  normaliseDiscountCode,
  type CreateDiscountCodeRequest,
  type DiscountCodeHistoryEntry,
  type DiscountCodeList,
  type DiscountCodeView,
} from '@brewery/shop-rules';
import { DOCUMENT_STORE, EVENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { discountCodeStreamName } from '../domain/discount-code.decider';
import { DiscountErrors } from '../domain/discount-code.errors';
import { DiscountCodes } from './discount-codes.service';
import { DISCOUNT_CODES, type DiscountCodeDoc } from './discount-codes.projection';
import { discountCodeHistory, discountCodeView, figuresOfDoc, figuresOfState } from './discount-code-view';

/** Shape only: every field is checked by the code's definition, which names the field that is wrong. */
export class CreateDiscountCodeBody {
  @ApiProperty({ example: 'CLUB10', description: '3-32 letters, digits and dashes; any case' }) @Allow() code?: unknown;
  @ApiProperty({ enum: DISCOUNT_KINDS }) @Allow() kind?: unknown;
  @ApiPropertyOptional({ description: 'percent: 1-100; amount: dollars off; free_shipping: none' }) @Allow() value?: unknown;
  @ApiPropertyOptional({ description: 'Fewest cans in the order' }) @Allow() minCans?: unknown;
  @ApiPropertyOptional({ description: 'Most orders holding or paid with it' }) @Allow() maxUses?: unknown;
  @ApiPropertyOptional({ description: 'Once per e-mail address (any case)' }) @Allow() onePerCustomer?: unknown;
  @ApiPropertyOptional({ description: 'ISO 8601' }) @Allow() startsAt?: unknown;
  @ApiPropertyOptional({ description: 'ISO 8601' }) @Allow() endsAt?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'Only these beers (absent: every beer)' }) @Allow() productIds?: unknown;
}

@ApiTags('admin: discount codes')
@ApiBearerAuth()
@Controller('admin/discount-codes')
export class AdminDiscountCodesController {
  constructor(
    private readonly codes: DiscountCodes,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every code, newest first, with its uses (held, paid), the revenue of its paid orders and the discount given' })
  async list(): Promise<DiscountCodeList> {
    const docs = await this.documents.collection<DiscountCodeDoc>(DISCOUNT_CODES).find({}, { sort: { createdAt: -1 } });
    return { codes: docs.map((doc) => discountCodeView(figuresOfDoc(doc))) };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'A new code: percent (1-100), amount (dollars off the beers) or free_shipping, with optional limits' })
  async create(@Body() body: CreateDiscountCodeBody, @Context() context: Cause): Promise<DiscountCodeView> {
    const state = await this.codes.create(body as CreateDiscountCodeRequest, context);
    return discountCodeView(figuresOfState(state, context.actor));
  }

  @Post(':code/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stops new uses at once (checkouts holding one keep it)' })
  async disable(@Param('code') raw: string, @Context() context: Cause): Promise<DiscountCodeView> {
    const state = await this.codes.disable(raw, context);
    const doc = await this.documents.collection<DiscountCodeDoc>(DISCOUNT_CODES).findOne({ _id: state.definition.code });
    return discountCodeView(figuresOfState(state, doc?.createdBy ?? context.actor, doc === null ? 0 : figuresOfDoc(doc).refundedCents));
  }

  @Get(':code/history')
  @ApiOperation({ summary: 'Each change and use of the code, oldest first, with who made it' })
  async history(@Param('code') raw: string): Promise<DiscountCodeHistoryEntry[]> {
    const code = normaliseDiscountCode(raw);
    const recorded = code === null ? [] : await this.events.readStream(discountCodeStreamName(code));
    if (recorded.length === 0) throw DiscountErrors.notFound(raw.slice(0, 40));
    return discountCodeHistory(recorded);
  }
}
