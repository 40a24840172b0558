import type { Permission } from '@brewery/shop-rules';
import { createContext, useContext } from 'react';

/**
 * What the signed-in person's role allows, as `GET /api/admin/me` lists it (the server reads the one table of
 * permissions in `@brewery/shop-rules`; the panel never keeps a copy). The admin page provides it; null while the
 * answer is not in, and outside the admin page (a screen drawn alone).
 */
export const AdminPermissionsContext = createContext<readonly Permission[] | null>(null);

export interface AdminPermissions {
  /** Whether the person's role allows this. */
  may: (permission: Permission) => boolean;
  /** Whether the permissions are known yet. */
  known: boolean;
}

/**
 * The signed-in person's permissions, for a screen to leave out what their role cannot do (a packer sees no refund
 * button). Until they are known everything shows, as it did before staff accounts: hiding is a courtesy, and the
 * server refuses what the role does not allow (403 `forbidden_for_role`, whose message the screen shows).
 */
export function useAdminPermissions(): AdminPermissions {
  const permissions = useContext(AdminPermissionsContext);
  return {
    may: (permission) => permissions === null || permissions.includes(permission),
    known: permissions !== null,
  };
}
