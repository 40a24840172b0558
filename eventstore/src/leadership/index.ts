export { SoleLeadership, CompetingLeadership, type Leadership } from './leadership';
export { PostgresLeadership, type PostgresLeadershipOptions } from './postgres-leadership';
export { DocumentLeadership, type DocumentLeadershipOptions } from './document-leadership';
