/** What other parts of the server may use from the beer club. */
export { ClubModule } from './club.module';
