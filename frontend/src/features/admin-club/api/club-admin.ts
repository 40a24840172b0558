import type {
  AdminProduct,
  ClubMemberList,
  ClubPlanList,
  ClubPlanView,
  ClubReport,
  ClubRunDetail,
  ClubRunList,
  ClubRunView,
  CreateClubPlanRequest,
  CreateClubRunRequest,
} from '@brewery/shop-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY, adminQueryKey } from '@/shared/api/admin-query-key';

export type {
  ClubMemberRow,
  ClubPlanView,
  ClubReport,
  ClubRunDetail,
  ClubRunView,
  CreateClubPlanRequest,
  CreateClubRunRequest,
} from '@brewery/shop-rules';

export const CLUB_ADMIN_PATH = '/api/admin/club';

/** `GET /api/admin/club/plans`: every plan, oldest first. */
export function useAdminClubPlans() {
  return useQuery(
    queryOptions({
      queryKey: adminQueryKey('club', 'plans'),
      queryFn: async () => (await apiGet<ClubPlanList>(`${CLUB_ADMIN_PATH}/plans`))?.plans ?? [],
    }),
  );
}

/** `GET /api/admin/club/runs`: every run with its members' counts and revenue. */
export function useClubRuns() {
  return useQuery(
    queryOptions({
      queryKey: adminQueryKey('club', 'runs'),
      queryFn: async () => (await apiGet<ClubRunList>(`${CLUB_ADMIN_PATH}/runs`))?.runs ?? [],
    }),
  );
}

/** `GET /api/admin/club/runs/{runId}`: the run and every member in it. */
export function useClubRun(runId: string) {
  return useQuery(
    queryOptions({
      queryKey: adminQueryKey('club', 'runs', runId),
      queryFn: () => apiGet<ClubRunDetail>(`${CLUB_ADMIN_PATH}/runs/${encodeURIComponent(runId)}`),
    }),
  );
}

/** `GET /api/admin/club/members`: every member, as the tab lists them. */
export function useClubMembers() {
  return useQuery(
    queryOptions({
      queryKey: adminQueryKey('club', 'members'),
      queryFn: async () => (await apiGet<ClubMemberList>(`${CLUB_ADMIN_PATH}/members`))?.members ?? [],
    }),
  );
}

/** `GET /api/admin/club/report`: members by status, revenue per run and per month. */
export function useClubReport() {
  return useQuery(
    queryOptions({
      queryKey: adminQueryKey('club', 'report'),
      queryFn: () => apiGet<ClubReport>(`${CLUB_ADMIN_PATH}/report`),
    }),
  );
}

/** The beers a run may hold: the admin's product list (the same query as the Products tab's). */
export function useClubBeers() {
  return useQuery(
    queryOptions({
      queryKey: adminQueryKey('products'),
      queryFn: async () => (await apiGet<AdminProduct[]>('/api/admin/products')) ?? [],
    }),
  );
}

/** A change reads the admin's data again (plans, runs, stock on the Products tab, the day's figures). */
function useClubChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}

/** `POST /api/admin/club/plans` (201). 400 `invalid_club_plan` names the field; 409 `club_plan_name_taken`. */
export function useCreateClubPlan() {
  return useClubChange((request: CreateClubPlanRequest) => apiJson<ClubPlanView>('POST', `${CLUB_ADMIN_PATH}/plans`, request));
}

/** `POST /api/admin/club/runs` (201). 400 `invalid_club_run` (fields), 404 `club_plan_not_found`, 409 `insufficient_stock`. */
export function useCreateClubRun() {
  return useClubChange((request: CreateClubRunRequest) => apiJson<ClubRunView>('POST', `${CLUB_ADMIN_PATH}/runs`, request));
}
