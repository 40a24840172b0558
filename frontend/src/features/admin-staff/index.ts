export { StaffTab } from './staff-tab';
export { AccountTab } from './account-tab';
