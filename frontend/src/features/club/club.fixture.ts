import type { ClubMemberView, ClubPlanView, ClubShareView } from '@brewery/shop-rules';

export function planFixture(overrides: Partial<ClubPlanView> = {}): ClubPlanView {
  return {
    planId: 'plan-1',
    name: 'Brewer’s Dozen',
    cans: 16,
    every: 'month',
    price: '79.00',
    description: 'Sixteen cans of what we are pouring',
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function shareFixture(overrides: Partial<ClubShareView> = {}): ClubShareView {
  return {
    runId: 'run-1',
    chargeAt: '2026-12-01T01:00:00.000Z',
    status: 'held',
    orderId: null,
    attempts: 0,
    nextTryAt: null,
    lastError: null,
    ...overrides,
  };
}

export function memberFixture(overrides: Partial<ClubMemberView> = {}): ClubMemberView {
  return {
    memberId: 'member-1',
    status: 'active',
    plan: planFixture(),
    customer: { name: 'Alex Brewer', email: 'alex@example.com', phone: '0412 345 678' },
    fulfilment: { method: 'pickup' },
    card: { brand: 'visa', last4: '4242' },
    runs: [],
    history: [],
    joinedAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}
