export { AdminSummaryBar } from './admin-summary-bar';
export { ADMIN_SUMMARY_REFRESH_MS, useAdminSummary, type AdminSummary } from './api/get-admin-summary';
