export { ClubTab } from './club-tab';
