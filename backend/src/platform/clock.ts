/** Injection token of the server's clock. */
export const CLOCK = Symbol('CLOCK');

/** The only place the server reads the time; tests replace it. */
export interface Clock {
  now(): Date;
}
