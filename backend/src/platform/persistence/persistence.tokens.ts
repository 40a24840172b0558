/** Injection tokens of the storage ports; the adapters behind them are chosen from configuration alone. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const DOCUMENT_STORE = Symbol('DOCUMENT_STORE');
/** Checkpoints of the read-model projections: in memory when the read models are, otherwise beside them. */
export const PROJECTION_CHECKPOINTS = Symbol('PROJECTION_CHECKPOINTS');
/** Checkpoints of the process managers: always durable. */
export const PROCESS_CHECKPOINTS = Symbol('PROCESS_CHECKPOINTS');
/** Which of the shop's processes runs the work that must happen once (a Leadership). */
export const LEADERSHIP = Symbol('LEADERSHIP');
