/** What other parts of the server may use from the staff activity trail. */
export { StaffActivityModule } from './staff-activity.module';
