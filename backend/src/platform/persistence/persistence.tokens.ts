/** Injection tokens of the storage ports; the adapters behind them are chosen from configuration alone. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const DOCUMENT_STORE = Symbol('DOCUMENT_STORE');
/** Checkpoints of the read-model projections: in memory when the read models are, otherwise beside them. */
export const PROJECTION_CHECKPOINTS = Symbol('PROJECTION_CHECKPOINTS');
/** Checkpoints of the process managers: always durable. */
export const PROCESS_CHECKPOINTS = Symbol('PROCESS_CHECKPOINTS');
/** Which of the shop's processes runs the work that must happen once (a Leadership). */
export const LEADERSHIP = Symbol('LEADERSHIP');
export const APP_CONFIG = Symbol('APP_CONFIG');
export const CLOCK = Symbol('CLOCK');
/**
 * The server's signing secret (JWT_SECRET, or the one generated into DATA_DIR), read once at start: admin tokens,
 * checkout holders, order-status links and payment-status answers are all keyed with it, alike in every process.
 */
export const SERVER_SECRET = Symbol('SERVER_SECRET');

/** The only place the server reads the time; tests replace it. */
export interface Clock {
  now(): Date;
}
