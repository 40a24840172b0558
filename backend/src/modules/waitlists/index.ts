/** What other parts of the server may use from the waiting lists. */
export { WaitlistsModule } from './waitlists.module';
