export { createThrowawayDatabase, startThrowawayPostgres, type ThrowawayPostgres } from './postgres-cluster';
