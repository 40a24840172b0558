import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdminTabStrip, type AdminTabItem } from './admin-tab-strip';

/** The dashboard's tabs: the `?tab=` word and the name. */
const TABS = [
  ['products', 'Products'],
  ['active-orders', 'Active Orders'],
  ['pending-orders', 'Pending Orders'],
  ['shipping', 'Shipping'],
  ['analytics', 'Analytics'],
  ['order-backups', 'Order Backups'],
  ['system', 'System'],
] as const;
type Key = (typeof TABS)[number][0];
type Name = (typeof TABS)[number][1];
const NAMES = TABS.map(([, name]) => name);

function Panel({ name, mounted }: { name: Name; mounted: (name: Name) => void }) {
  mounted(name);
  return <p>{`${name} panel`}</p>;
}

/** The strip as the dashboard holds it: the selected tab in state (the address, there), one panel per tab. */
function Strip({ mounted }: { mounted: (name: Name) => void }) {
  const [active, setActive] = useState<Key>('products');
  const items: AdminTabItem<Key>[] = TABS.map(([key, name]) => ({
    key,
    label: name,
    ...(key === 'active-orders' ? { count: 31 } : {}),
    panel: <Panel name={name} mounted={mounted} />,
  }));
  return <AdminTabStrip items={items} activeKey={active} onSelect={setActive} />;
}

function renderStrip() {
  const mounted = vi.fn<(name: Name) => void>();
  render(<Strip mounted={mounted} />);
  return mounted;
}

describe('the admin tab strip', () => {
  it('shows every tab in one tablist, none folded into a menu, the count drawn beside its name', () => {
    renderStrip();
    const list = screen.getByRole('tablist', { name: 'Admin sections' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Products', 'Active Orders 31', 'Pending Orders', 'Shipping', 'Analytics', 'Order Backups', 'System']);
    // The name read out is the tab's own; nothing else in the strip to open.
    expect(within(list).getByRole('tab', { name: 'Active Orders' })).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it.each(NAMES.filter((name) => name !== 'Products'))('one click on %s selects it and shows its panel alone', async (name) => {
    renderStrip();
    await userEvent.setup().click(screen.getByRole('tab', { name }));
    expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(`${name} panel`);
    expect(panel).toHaveAccessibleName(name);
  });

  it('draws a panel when its tab is first selected and keeps it, hidden, after that', async () => {
    const user = userEvent.setup();
    const mounted = renderStrip();
    expect(new Set(mounted.mock.calls.map(([name]) => name))).toEqual(new Set(['Products']));
    await user.click(screen.getByRole('tab', { name: 'System' }));
    await user.click(screen.getByRole('tab', { name: 'Products' }));
    expect(new Set(mounted.mock.calls.map(([name]) => name))).toEqual(new Set(['Products', 'System']));
    expect(screen.getByText('System panel').closest('[role="tabpanel"]')).not.toBeVisible();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Products panel');
  });

  it('moves with the arrow keys, Home and End, the focused tab selected', async () => {
    const user = userEvent.setup();
    renderStrip();
    await user.click(screen.getByRole('tab', { name: 'Products' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Active Orders' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Active Orders' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'System' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'System' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the page's tab order.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([screen.getByRole('tab', { name: 'Products' })]);
  });
});
