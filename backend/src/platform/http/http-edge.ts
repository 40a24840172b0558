import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { HotRead } from './hot-reads';
import type { PreparedAnswer } from './prepared-response';

/** A page request answered: sent by the pages, or left to the built shell (the checkout, the admin). */
export type PageAnswer = { kind: 'sent' } | { kind: 'shell' };

/** The shop's pages as the edge serves them: rendered for a request, or prepared before it came. */
export interface ShopPageServer {
  answer(req: Request, res: Response): Promise<PageAnswer>;
  preparedPage(path: string, cookie: string | undefined): PreparedAnswer | null;
  /** Makes ready what the first page needs, so the first visitor after a start does not wait for it. */
  warm(): void;
}

/** A hot read and whether it may answer a client still waiting to see its own write (which goes the whole way). */
export interface RegisteredHotRead {
  read: HotRead;
  waitsForOwnWrites: boolean;
}

/** True when the caller's authorization header belongs to the operator. */
export type OperatorCheck = (authorization: string | undefined) => Promise<boolean>;

/**
 * What the modules serve at the HTTP edge beside their controllers, registered by each module as it starts: the
 * platform's edge (`configure-app.ts`) serves them without naming any module. The catalogue registers its hot
 * reads, the storefront its pages, operator access the check in front of the operator's API description.
 */
@Injectable()
export class HttpEdge {
  private readonly reads: RegisteredHotRead[] = [];
  private pages: ShopPageServer | null = null;
  private operator: OperatorCheck | null = null;

  serveHotRead(read: HotRead, options: { waitsForOwnWrites: boolean }): void {
    this.reads.push({ read, waitsForOwnWrites: options.waitsForOwnWrites });
  }

  servePages(pages: ShopPageServer): void {
    if (this.pages !== null) throw new Error('The shop pages are already served by another module.');
    this.pages = pages;
  }

  checkOperatorWith(check: OperatorCheck): void {
    if (this.operator !== null) throw new Error('The operator check is already registered by another module.');
    this.operator = check;
  }

  hotReads(): readonly RegisteredHotRead[] {
    return this.reads;
  }

  /** The pages, or none when no module serves them (then every page is the built shell). */
  shopPages(): ShopPageServer | null {
    return this.pages;
  }

  /** The operator check; without operator access nobody is the operator. */
  operatorCheck(): OperatorCheck {
    return this.operator ?? (() => Promise.resolve(false));
  }
}
