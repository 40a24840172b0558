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
