/** What other parts of the server may use from system-monitor. */
export { SystemMonitorModule } from './system-monitor.module';
