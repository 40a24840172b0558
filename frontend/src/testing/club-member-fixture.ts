import type { ClubMemberStatus, ClubMemberView } from '@brewery/shop-rules';

export const MEMBER_TOKEN = 'mtok_ada_123';
export const MEMBER_EMAIL = 'ada@example.com';

/** `GET /api/club/manage?token=` as the fake API answers it, for a member whose status a test chooses. */
export function memberView(status: ClubMemberStatus = 'active', email = MEMBER_EMAIL): ClubMemberView {
  return {
    memberId: 'mem_1',
    status,
    plan: {
      planId: 'plan_16',
      name: 'Sixteen a month',
      cans: 16,
      every: 'month',
      price: '79.00',
      description: 'Sixteen cans of what is fresh.',
      createdAt: '2026-10-01T00:00:00.000Z',
    },
    customer: { name: 'Ada Lovelace', email, phone: '0412 345 678' },
    fulfilment: { method: 'pickup' },
    card: { brand: 'visa', last4: '4242' },
    runs: [],
    history: [],
    joinedAt: '2026-10-02T00:00:00.000Z',
  };
}

/** The fake API's key for the member check of `token`. */
export const memberCheckKey = (token = MEMBER_TOKEN) => `GET /api/club/manage?token=${encodeURIComponent(token)}`;

/**
 * A browser that opened a club link before (its token kept, and whose it is), as the storefront finds it on a later
 * visit; the page still checks the token with the server once.
 */
export function keepMemberBrowser(token = MEMBER_TOKEN, email = MEMBER_EMAIL): void {
  localStorage.setItem('brewery.memberToken', token);
  localStorage.setItem('brewery.clubMember', JSON.stringify({ token, email, name: 'Ada Lovelace' }));
}
