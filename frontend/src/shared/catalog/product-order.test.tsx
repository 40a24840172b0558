import type { Product } from '@brewery/shop-rules';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { ToastProvider } from '@/shared/ui/toast/toast-provider';
import { keepMemberBrowser, memberCheckKey, memberView } from '@/testing/club-member-fixture';
import { stubApi } from '@/testing/fake-api';
import { productFixture } from '@/testing/product-fixture';
import { ProductOrder } from './product-order';

/** Saturday 5 December 2026, 10:00 am in Perth. */
const RELEASE_AT = '2026-12-05T02:00:00.000Z';

function order(product: Product) {
  return (
    <ToastProvider>
      <QueryClientProvider client={createQueryClient()}>
        <ProductOrder product={product} cansInPack={0} onAdd={vi.fn()} />
      </QueryClientProvider>
    </ToastProvider>
  );
}

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  vi.useRealTimers();
});

/** Draws the order as the server does, then lets the browser take that HTML over; returns what did not match. */
async function serverDrawnThenHydrated(product: Product): Promise<{ serverHtml: string; mismatches: unknown[] }> {
  const serverHtml = renderToString(order(product));
  container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container as HTMLElement, order(product), { onRecoverableError: (error) => mismatches.push(error) });
  });
  return { serverHtml, mismatches };
}

describe('the pack choice drawn by the server and taken over by the browser', () => {
  it('given a beer to be released, then the server draws when but not the seconds, and the browser takes it over without a mismatch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-05T01:00:00.000Z'));
    const { serverHtml, mismatches } = await serverDrawnThenHydrated(productFixture({ releaseAt: RELEASE_AT }));

    expect(serverHtml).toContain('Releasing Saturday 10:00 am (Perth time)');
    expect(serverHtml).not.toContain('01:00:00');
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('timer')).toHaveTextContent('01:00:00');
    expect(screen.queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();
  });

  it('given a beer on sale, then the browser takes the pack choice over as the server drew it', async () => {
    const { serverHtml, mismatches } = await serverDrawnThenHydrated(productFixture());
    expect(serverHtml).toContain('Single Can');
    expect(mismatches).toEqual([]);
    expect(within(container as HTMLElement).getByRole('button', { name: 'Add to Pack: Quokka Pale Ale' })).toBeInTheDocument();
  });

  it('given a member browser and a beer in its early access, then the server draws it closed and the browser opens it to the member without a mismatch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-04T02:00:00.000Z'));
    keepMemberBrowser();
    stubApi({ [memberCheckKey()]: { body: memberView('active') } });
    const beer = productFixture({ releaseAt: RELEASE_AT, membersFrom: '2026-12-03T02:00:00.000Z' });
    const { serverHtml, mismatches } = await serverDrawnThenHydrated(beer);

    expect(serverHtml).toContain('Club members from Thursday 10:00 am');
    expect(serverHtml).not.toContain('Add to Pack');
    expect(serverHtml).not.toContain('early access');
    expect(mismatches).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Add to Pack: Quokka Pale Ale' })).toBeInTheDocument();
    expect(screen.getByTestId('members-early-access')).toHaveTextContent("Members' early access");
  });
});
