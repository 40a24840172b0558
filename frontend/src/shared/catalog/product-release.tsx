import type { Product } from '@brewery/shop-rules';
import { isReleased, releaseCountdown, releaseLabel } from '@brewery/shop-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { useHydrated, useNow } from './use-now';
import './product-release.css';

/** The countdown moves by the second. */
const COUNTDOWN_TICK_MS = 1000;

/**
 * A beer's scheduled release as its card sees it: the time now (moving while the release is to come) and the
 * release instant while it is still ahead, or null once the beer is on sale. At the instant it opens, the shop's
 * product list is asked for again, so the stock the card offers is today's, not the page's first.
 */
export function useRelease(product: Product): { now: Date; upcoming: string | null } {
  // An archived beer is not coming: it shows as it is, with no countdown.
  const releaseAt = product.archived ? null : (product.releaseAt ?? null);
  const now = useNow(COUNTDOWN_TICK_MS, releaseAt);
  const upcoming = releaseAt === null || isReleased({ releaseAt }, now) ? null : releaseAt;
  const released = upcoming === null;
  const queryClient = useQueryClient();
  const wasReleased = useRef(released);

  useEffect(() => {
    const opened = released && !wasReleased.current;
    wasReleased.current = released;
    // Every card releasing at this instant asks: one request answers them all (none cancels another's).
    if (opened) void queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }, { cancelRefetch: false });
  }, [released, queryClient]);

  return { now, upcoming };
}

export interface ReleaseNoticeProps {
  product: Product;
  /** The release instant while it is still ahead; null once the beer is on sale. */
  upcoming: string | null;
  now: Date;
}

/**
 * "Releasing Saturday 10:00 am" and the countdown to it; once the instant has come, "On sale now". Only the words
 * are a live region, so a screen reader hears when the release is and when it opens, never each second.
 */
export function ReleaseNotice({ product, upcoming, now }: ReleaseNoticeProps) {
  // A page drawn by the server (and kept) may be old by the time it shows: the seconds wait for the browser.
  const hydrated = useHydrated();
  const opened = product.inventory > 0 ? 'On sale now' : 'Released';
  return (
    <div className={`product-release${upcoming === null ? ' product-release--open' : ''}`}>
      <p className="product-release__label" aria-live="polite">
        {upcoming === null ? opened : releaseLabel(upcoming, now)}
      </p>
      {upcoming === null ? null : (
        <p className="product-release__countdown">
          <span role="timer">{hydrated ? releaseCountdown(upcoming, now) : null}</span>
        </p>
      )}
    </div>
  );
}
