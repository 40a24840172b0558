export { AdminGate } from './admin-gate';
export type { AdminGateProps, AdminSession } from './admin-gate';
export { verifyAdminQueryOptions } from './api/verify-admin';
export { ServerAdminSession } from './server-admin-session';
export { ChoosePasswordPage } from './choose-password-page';
export type { ChoosePasswordPageProps } from './choose-password-page';
