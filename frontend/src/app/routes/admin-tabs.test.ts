import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@brewery/shop-rules';
import { allowedTabs, shownTabKey } from './admin-tabs';

const labels = (tabs: readonly { label: string }[]) => tabs.map((tab) => tab.label);

describe('the tabs a person may open, from their permissions', () => {
  it('shows a packer the orders, shipping, products and their account; not staff, analytics, backups, system, discounts or the club', () => {
    expect(labels(allowedTabs(ROLE_PERMISSIONS.packer))).toEqual(['Products', 'Active Orders', 'Pending Orders', 'Shipping', 'My account']);
  });

  it('shows a manager everything but Staff, Discounts and Club included, and an owner everything', () => {
    expect(labels(allowedTabs(ROLE_PERMISSIONS.manager))).not.toContain('Staff');
    expect(labels(allowedTabs(ROLE_PERMISSIONS.manager))).toContain('Discounts');
    expect(labels(allowedTabs(ROLE_PERMISSIONS.manager))).toContain('Club');
    expect(allowedTabs(ROLE_PERMISSIONS.manager)).toHaveLength(10);
    expect(labels(allowedTabs(ROLE_PERMISSIONS.owner))).toContain('Staff');
    expect(allowedTabs(ROLE_PERMISSIONS.owner)).toHaveLength(11);
  });

  it('shows only My account while the owner requires codes this person has not set up', () => {
    expect(labels(allowedTabs(ROLE_PERMISSIONS.manager, true))).toEqual(['My account']);
  });

  it('shows every tab while the permissions are not known', () => {
    expect(allowedTabs(null)).toHaveLength(11);
  });

  it.each([
    ['analytics', 'products'],
    ['staff', 'products'],
    ['discounts', 'products'],
    ['club', 'products'],
    ['shipping', 'shipping'],
    [null, 'products'],
    ['no-such-tab', 'products'],
  ])('gives a packer asking for ?tab=%s the %s tab', (requested, shown) => {
    expect(shownTabKey(requested, allowedTabs(ROLE_PERMISSIONS.packer))).toBe(shown);
  });

  it('gives a person who must set up codes My account, whatever the address asks for', () => {
    expect(shownTabKey('active-orders', allowedTabs(ROLE_PERMISSIONS.owner, true))).toBe('account');
  });
});
