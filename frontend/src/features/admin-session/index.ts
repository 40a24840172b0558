export { AdminGate } from './admin-gate';
export type { AdminGateProps, AdminSession } from './admin-gate';
export { verifyAdminQueryOptions } from '@/shared/api/admin-verify/verify-admin';
export { ServerAdminSession } from '@/shared/admin-access/server-admin-session';
export { ChoosePasswordPage } from './choose-password-page';
export type { ChoosePasswordPageProps } from './choose-password-page';
