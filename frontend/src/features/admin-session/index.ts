export { AdminGate } from './admin-gate';
export type { AdminGateProps, AdminSession } from './admin-gate';
