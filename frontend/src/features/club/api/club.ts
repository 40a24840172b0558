import type {
  ClubCardUpdate,
  ClubDetailsRequest,
  ClubMemberView,
  ClubPayment,
  ClubPlanList,
  JoinClubRequest,
  JoinClubResponse,
  TestPaymentResult,
  TestSetupResult,
} from '@brewery/shop-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiJson } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';

export type { ClubMemberView, ClubPlanView, ClubShareView, JoinClubRequest, JoinClubResponse } from '@brewery/shop-rules';

export const CLUB_PLANS_PATH = '/api/club/plans';
export const CLUB_JOIN_PATH = '/api/club/join';
export const CLUB_MANAGE_PATH = '/api/club/manage';

/** `GET /api/club/plans`: the plans a customer may join, oldest first. */
export function clubPlansQueryOptions() {
  return queryOptions({
    queryKey: ['club', 'plans'],
    queryFn: async () => (await apiGet<ClubPlanList>(CLUB_PLANS_PATH))?.plans ?? [],
  });
}

export function useClubPlans() {
  return useQuery(clubPlansQueryOptions());
}

/** `POST /api/club/join` (201): the member, waiting for their card. 400 names the fields; 409 `already_a_member`. */
export function useJoinClub() {
  return useMutation({ mutationFn: (request: JoinClubRequest) => apiJson<JoinClubResponse>('POST', CLUB_JOIN_PATH, request) });
}

export const memberPath = (token: string) => `${CLUB_MANAGE_PATH}?token=${encodeURIComponent(token)}`;

/** How often the page asks again while it waits for the server to record a card or a payment (a webhook's work). */
export const POLL_MS = 700;

/** What the page waits for, until when (epoch ms); null: nothing, the member is read once. */
export interface MemberWatch {
  settled: (view: ClubMemberView) => boolean;
  until: number;
}

/** The next ask's delay while a watch is on: none once the member is as awaited or the wait is over. */
export function pollDelay(view: ClubMemberView | undefined, watch: MemberWatch | null, now: number): number | false {
  if (watch === null || now >= watch.until) return false;
  if (view !== undefined && watch.settled(view)) return false;
  return POLL_MS;
}

export function clubMemberQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['club', 'member', token],
    queryFn: () => apiJson<ClubMemberView>('GET', memberPath(token)),
    // A bad link stays bad: 404 is said at once, not after three tries.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

/** `GET /api/club/manage?token=`: the member's own view, asked again every 700 ms while `watch` waits. */
export function useMembership(token: string | null, watch: MemberWatch | null = null) {
  return useQuery({
    ...clubMemberQueryOptions(token ?? ''),
    enabled: token !== null && token !== '',
    refetchInterval: (query) => pollDelay(query.state.data, watch, Date.now()),
  });
}

/** The answer to a change is the member's view, when the server sends it back: taken as it is. */
function isMemberView(body: unknown): body is ClubMemberView {
  return typeof body === 'object' && body !== null && 'memberId' in body && 'status' in body && 'runs' in body;
}

/** A change to a membership: the page then shows the member as the server has them now. */
function useMemberChange<V extends { token: string }, R>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => apiJson<R>('POST', path, body),
    onSuccess: (answer, body) => {
      const key = clubMemberQueryOptions(body.token).queryKey;
      // The answer is the member as the server now has them; any other answer, the page reads them again.
      if (isMemberView(answer)) queryClient.setQueryData(key, answer);
      else return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export const useSkipRun = () => useMemberChange<{ token: string; runId: string }, unknown>(`${CLUB_MANAGE_PATH}/skip`);
export const useUnskipRun = () => useMemberChange<{ token: string; runId: string }, unknown>(`${CLUB_MANAGE_PATH}/unskip`);
export const usePauseMembership = () => useMemberChange<{ token: string }, unknown>(`${CLUB_MANAGE_PATH}/pause`);
export const useResumeMembership = () => useMemberChange<{ token: string }, unknown>(`${CLUB_MANAGE_PATH}/resume`);
export const useCancelMembership = () => useMemberChange<{ token: string }, unknown>(`${CLUB_MANAGE_PATH}/cancel`);
export const useChangeDetails = () => useMemberChange<ClubDetailsRequest, ClubMemberView>(`${CLUB_MANAGE_PATH}/details`);

/** `POST /api/club/manage/card`: a SetupIntent for the member's next card. */
export function useNewCard() {
  return useMutation({ mutationFn: (token: string) => apiJson<ClubCardUpdate>('POST', `${CLUB_MANAGE_PATH}/card`, { token }) });
}

/** `POST /api/club/manage/pay`: the run's payment, for the member to pay now with their card. */
export function usePayRun() {
  return useMutation({
    mutationFn: (body: { token: string; runId: string }) => apiJson<ClubPayment>('POST', `${CLUB_MANAGE_PATH}/pay`, body),
  });
}

/** The local test gateway's SetupIntent confirm (no Stripe keys): saves a test card. */
export function confirmTestSetup(setupIntentId: string, clientSecret: string, cardNumber: string): Promise<TestSetupResult> {
  return apiJson<TestSetupResult>('POST', `/api/test-gateway/setup-intents/${encodeURIComponent(setupIntentId)}/confirm`, {
    cardNumber,
    clientSecret,
  });
}

/** The local test gateway's PaymentIntent confirm (no Stripe keys): pays with a test card. */
export function confirmTestPayment(paymentIntentId: string, clientSecret: string, cardNumber: string): Promise<TestPaymentResult> {
  return apiJson<TestPaymentResult>('POST', `/api/test-gateway/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm`, {
    cardNumber,
    clientSecret,
  });
}
