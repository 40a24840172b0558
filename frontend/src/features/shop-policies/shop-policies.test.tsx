import { calculateShipping, estimatedDelivery } from '@brewery/shop-rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DeliveryPage, PrivacyPage, ReturnsPage } from '.';

function rowOf(table: HTMLElement, label: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.startsWith(label));
  if (row === undefined) throw new Error(`no row ${label}`);
  return row;
}

describe('the delivery page agrees with checkout', () => {
  it.each([
    { row: 'Perth metro, any number of cans', state: 'WA', postCode: '6000', cans: 40 },
    { row: 'Elsewhere in Australia, up to 4 cans', state: 'VIC', postCode: '3000', cans: 4 },
    { row: 'Elsewhere in Australia, 5 to 8 cans', state: 'NSW', postCode: '2000', cans: 8 },
    { row: 'Elsewhere in Australia, 9 to 16 cans', state: 'QLD', postCode: '4000', cans: 16 },
  ])('"$row" costs what checkout charges for $cans cans to $state', ({ row, state, postCode, cans }) => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture } });
    renderWithProviders(<DeliveryPage path="/delivery" orderStatusHref="/order-status" />, { route: '/delivery' });
    const rates = screen.getByRole('table', { name: 'Shipping rates' });
    expect(rowOf(rates, row)).toHaveTextContent(`$${calculateShipping({ state, postCode, totalCans: cans }).cost.toFixed(2)}`);
  });

  it('lists each delivery time as checkout estimates it, the dispatch days, and who may receive the cans', () => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture } });
    renderWithProviders(<DeliveryPage path="/delivery" orderStatusHref="/order-status" />, { route: '/delivery' });
    const times = screen.getByRole('table', { name: 'Delivery times' });
    expect(rowOf(times, 'Perth metro (WA)')).toHaveTextContent(estimatedDelivery('WA', true));
    expect(rowOf(times, 'Regional WA')).toHaveTextContent(estimatedDelivery('WA', false));
    expect(rowOf(times, 'Tasmania and the Northern Territory')).toHaveTextContent(estimatedDelivery('NT', false));
    expect(screen.getByText(/dispatched on Monday, Wednesday and Thursday/)).toBeInTheDocument();
    expect(screen.getByText(/Someone 18 or older must be present to receive the delivery and sign for it/)).toBeInTheDocument();
    expect(screen.getByText(/not to PO Boxes, parcel lockers or Parcel Post/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'order status' })).toHaveAttribute('href', '/order-status');
  });
});

describe('returns and privacy pages', () => {
  it('returns: damaged or wrong cans replaced or refunded, with the shop e-mail to write to', () => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture } });
    renderWithProviders(<ReturnsPage path="/returns" orderStatusHref="/order-status" shopEmail="hello@brewery.test" />, {
      route: '/returns',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Returns & refunds' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'hello@brewery.test' })[0]).toHaveAttribute('href', 'mailto:hello@brewery.test');
    expect(screen.getByText(/Australian Consumer Law/)).toBeInTheDocument();
  });

  it('privacy: what is kept, who sees it, and how to ask', () => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture } });
    renderWithProviders(<PrivacyPage path="/privacy" brandName="Swan & Sand" shopEmail="hello@brewery.test" />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByText(/Your card details go straight to our payment provider, Stripe/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@brewery.test' })).toHaveAttribute('href', 'mailto:hello@brewery.test');
  });
});
