import type { StaffList, StaffMember, StaffRole } from '@brewery/shop-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY, adminQueryKey } from '@/shared/api/admin-query-key';

export type { StaffList, StaffMember, StaffRole } from '@brewery/shop-rules';

export const STAFF_PATH = '/api/admin/staff';

const memberPath = (staffId: string) => `${STAFF_PATH}/${encodeURIComponent(staffId)}`;

/** `GET /api/admin/staff`: everyone on the staff (active first, then invited, then deactivated), and the codes rule. */
export async function getStaff(): Promise<StaffList | null> {
  return apiGet<StaffList>(STAFF_PATH);
}

export function staffQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('staff'), queryFn: getStaff });
}

export function useStaff() {
  return useQuery(staffQueryOptions());
}

/**
 * Every change to the staff reads the admin's data again: the list, the activity trail (each change is in it), and
 * who I am (an owner may change their own role, or be the one whose codes were reset).
 */
function useStaffChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}

export interface InviteRequest {
  email: string;
  name: string;
  role: StaffRole;
}

/** `POST /api/admin/staff`: invites a person (an e-mail with a link to choose their password). 409 `email_taken`. */
export function useInviteStaff() {
  return useStaffChange((request: InviteRequest) => apiJson<StaffMember>('POST', STAFF_PATH, request));
}

/** `PATCH /api/admin/staff/{id}`: another role. 409 `last_owner`: the shop keeps at least one owner. */
export function useChangeRole() {
  return useStaffChange(({ staffId, role }: { staffId: string; role: StaffRole }) =>
    apiJson<StaffMember>('PATCH', memberPath(staffId), { role }),
  );
}

/** `DELETE /api/admin/staff/{id}`: deactivates a person; every session of theirs ends at once. 409 `last_owner`. */
export function useDeactivateStaff() {
  return useStaffChange((staffId: string) => apiJson<StaffMember>('DELETE', memberPath(staffId)));
}

/** `DELETE /api/admin/staff/{id}/two-factor`: a lost phone; they set their codes up again at their next sign-in. */
export function useResetTwoFactor() {
  return useStaffChange((staffId: string) => apiJson<StaffMember>('DELETE', `${memberPath(staffId)}/two-factor`));
}

/**
 * `PUT /api/admin/settings/two-factor`: whether owners and managers must use two-factor codes. 409
 * `own_two_factor_first`: the owner asking turns their own codes on first.
 */
export function useRequireTwoFactor() {
  return useStaffChange((required: boolean) =>
    apiJson<{ twoFactorRequired: boolean }>('PUT', '/api/admin/settings/two-factor', { required }),
  );
}
