/** The beer club: a mixed pack of 8 or 16 cans every month or quarter, charged to a card saved for it. */

export const CLUB_CANS = [8, 16] as const;
export type ClubCans = (typeof CLUB_CANS)[number];

export const CLUB_EVERY = ['month', 'quarter'] as const;
export type ClubEvery = (typeof CLUB_EVERY)[number];

/** `POST /api/admin/club/plans`. `price`: dollars, GST included ("79.00" or 79). */
export interface CreateClubPlanRequest {
  name: string;
  cans: ClubCans;
  every: ClubEvery;
  price: number | string;
  description?: string;
}

/** A plan as `GET /api/club/plans` (the /club page) and the admin list show it. */
export interface ClubPlanView {
  planId: string;
  name: string;
  cans: ClubCans;
  every: ClubEvery;
  /** Dollars, GST included ("79.00"). */
  price: string;
  description: string;
  createdAt: string;
}

export interface ClubPlanList {
  plans: ClubPlanView[];
}

/** How a member's packs reach them: posted to their address, or collected at the cellar door (the Saturday after each run). */
export type ClubFulfilment = { method: 'delivery' } | { method: 'pickup' };

/** The member's details, as the checkout asks them (`addressLine1`… may be empty for a cellar-door pickup). */
export interface ClubCustomerInfo {
  name: string;
  email: string;
  phone: string;
  addressLine1?: string;
  addressLine2?: string;
  suburb?: string;
  postCode?: string;
  state?: string;
}

/** `POST /api/club/join`. */
export interface JoinClubRequest {
  planId: string;
  customerInfo: ClubCustomerInfo;
  fulfilment: ClubFulfilment;
}

/**
 * The answer to a join: the card is saved with `setupClientSecret` (Stripe.js `confirmCardSetup`, or the local test
 * gateway's `POST /api/test-gateway/setup-intents/{setupIntentId}/confirm`). `manageToken` opens `/club/manage`.
 */
export interface JoinClubResponse {
  memberId: string;
  setupClientSecret: string;
  setupIntentId: string;
  manageToken: string;
}

/** The local test gateway's `POST /api/test-gateway/setup-intents/{id}/confirm`. */
export interface TestSetupResult {
  setupIntent: { id: string; status: string };
  /** The card's refusal, as Stripe words it; null when the card was saved. */
  error: { code: string; declineCode: string; message: string } | null;
}

/**
 * A member: `pending_card` until their card is saved, then `active`; `paused` skips every run until resumed;
 * `past_due` after a run's last try failed (a new card makes them active again); `cancelled` for good.
 */
export const CLUB_MEMBER_STATUSES = ['pending_card', 'active', 'paused', 'past_due', 'cancelled'] as const;
export type ClubMemberStatus = (typeof CLUB_MEMBER_STATUSES)[number];

/**
 * A member's part in one run: `held` (their cans are held, waiting for the charge), `skipped` (by them),
 * `released` (paused or cancelled before the charge; the cans went back on sale), `charging` (the charge is under
 * way), `declined` (retried later), `needs_authentication` (a link to pay was e-mailed; retried later too),
 * `charged` (a paid order), `packed` (the order was sent or collected), `past_due` (the last try failed).
 */
export const CLUB_SHARE_STATUSES = [
  'held',
  'skipped',
  'released',
  'charging',
  'declined',
  'needs_authentication',
  'charged',
  'packed',
  'past_due',
] as const;
export type ClubShareStatus = (typeof CLUB_SHARE_STATUSES)[number];

/** Days after the run's charge that a failed charge is tried again; after the last, the member is past due. */
export const CLUB_RETRY_DAYS = [1, 3, 7] as const;

export interface ClubShareView {
  runId: string;
  chargeAt: string;
  status: ClubShareStatus;
  orderId: string | null;
  /** Charges tried so far. */
  attempts: number;
  /** When the next try is due (declined or needing authentication), else null. */
  nextTryAt: string | null;
  /** The provider's words for the last refusal, else null. */
  lastError: string | null;
}

/** `GET /api/club/manage?token=`: what the member's own page shows. */
export interface ClubMemberView {
  memberId: string;
  status: ClubMemberStatus;
  plan: ClubPlanView;
  customer: ClubCustomerInfo;
  fulfilment: ClubFulfilment;
  /** The card saved for the charges, else null (none yet). */
  card: { brand: string; last4: string } | null;
  /** The runs the member is in, newest first. */
  runs: ClubShareView[];
  /** Every change of the membership, oldest first. */
  history: { at: string; what: string }[];
  joinedAt: string;
}

/** `POST /api/club/manage/details`. */
export interface ClubDetailsRequest {
  token: string;
  customerInfo: ClubCustomerInfo;
  fulfilment: ClubFulfilment;
}

/** `POST /api/club/manage/card`: a new SetupIntent for the member's next card. */
export interface ClubCardUpdate {
  setupIntentId: string;
  setupClientSecret: string;
}

/** `POST /api/club/manage/pay`: the run's payment, to pay on-session (a card that needs authentication, or a new one). */
export interface ClubPayment {
  paymentIntentId: string;
  clientSecret: string;
  orderId: string;
  amount: string;
}

/** `POST /api/admin/club/runs`. `chargeAt`: ISO-8601 with an offset; items fill the plan's cans exactly. */
export interface CreateClubRunRequest {
  planId: string;
  chargeAt: string;
  items: { productId: string; quantity: number }[];
}

/** A run as the admin club tab lists it. */
export interface ClubRunView {
  runId: string;
  planId: string;
  planName: string;
  chargeAt: string;
  items: { productId: string; productName: string; quantity: number }[];
  /** Dollars charged to each member (GST included; delivery added for members who are posted their pack). */
  price: string;
  createdAt: string;
  counts: Record<ClubShareStatus, number>;
  /** Dollars taken by the run's paid orders, less refunds. */
  revenue: string;
}

export interface ClubRunList {
  runs: ClubRunView[];
}

/** `GET /api/admin/club/runs/{runId}`: the run and every member in it. */
export interface ClubRunDetail {
  run: ClubRunView;
  members: (ClubShareView & { memberId: string; name: string; email: string; memberStatus: ClubMemberStatus })[];
}

/** A member as the admin club tab lists them. */
export interface ClubMemberRow {
  memberId: string;
  name: string;
  email: string;
  planId: string;
  planName: string;
  status: ClubMemberStatus;
  fulfilment: ClubFulfilment;
  card: { brand: string; last4: string } | null;
  joinedAt: string;
}

export interface ClubMemberList {
  members: ClubMemberRow[];
}

/** `GET /api/admin/club/report`: members by status, and club revenue per run and per month (Perth), net of refunds. */
export interface ClubReport {
  members: Record<ClubMemberStatus, number>;
  runs: { runId: string; planName: string; chargeAt: string; orders: number; revenue: string }[];
  months: { month: string; orders: number; revenue: string }[];
}
