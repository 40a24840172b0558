/** What other parts of the server may use from system. */
export { SystemModule } from './system.module';
export { ConnectionStats } from './load/connection-stats';
export { publicConfigOf } from './public-config.controller';
