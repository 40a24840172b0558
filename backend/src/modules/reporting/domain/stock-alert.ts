import type { DomainEvent } from '@brewery/eventstore';
import { stockLevel, type StockLevel } from '@brewery/shop-rules';
import { assertNever, type Decider } from '../../../shared-kernel/decider';

/**
 * Stock alerts: the shop's address hears when a beer's stock falls to LOW (10 cans or less) or CRITICAL (5 or
 * less), once per crossing. One stream per product remembers the level last alerted; a level that recovers
 * re-arms the alert, so the next fall is told again. Levels are the Analytics tab's stock cards'.
 */
export type StockLevelAlerted = DomainEvent<
  'StockLevelAlerted',
  { productId: string; productName: string; level: StockLevel; inventory: number }
>;
export type StockLevelRecovered = DomainEvent<'StockLevelRecovered', { productId: string; level: StockLevel; inventory: number }>;
export type StockAlertEvent = StockLevelAlerted | StockLevelRecovered;
export const STOCK_ALERT_EVENT_TYPES = ['StockLevelAlerted', 'StockLevelRecovered'] as const satisfies readonly StockAlertEvent['type'][];

export type StockAlertCommand = { type: 'ObserveStockLevel'; productId: string; productName: string; inventory: number };

export interface StockAlertState {
  /** The level the operator was last told of (OK before any alert, and after a recovery). */
  level: StockLevel;
}

const SEVERITY: Readonly<Record<StockLevel, number>> = { OK: 0, LOW: 1, CRITICAL: 2 };

export const stockAlertDecider: Decider<StockAlertState, StockAlertCommand, StockAlertEvent> = {
  initialState: { level: 'OK' },

  decide(command, state) {
    switch (command.type) {
      case 'ObserveStockLevel': {
        const level = stockLevel(command.inventory);
        const { productId, productName, inventory } = command;
        if (SEVERITY[level] > SEVERITY[state.level])
          return [{ type: 'StockLevelAlerted', data: { productId, productName, level, inventory } }];
        if (SEVERITY[level] < SEVERITY[state.level]) return [{ type: 'StockLevelRecovered', data: { productId, level, inventory } }];
        return [];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'StockLevelAlerted':
      case 'StockLevelRecovered':
        return { level: event.data.level };
      default:
        return assertNever(event);
    }
  },
};

export const stockAlertStreamName = (productId: string): string => `stockalert-${productId}`;

/** One e-mail per alert: the alert's place in its stream names it, so a replay queues nothing new. */
export const stockAlertEmailKey = (productId: string, revision: number): string => `stock-alert-${productId}-${revision}`;

/** The e-mail to the shop's address for one alert. */
export function stockAlertEmail(alert: StockLevelAlerted['data'], brandName: string): { subject: string; text: string } {
  const cans = `${alert.inventory} ${alert.inventory === 1 ? 'can' : 'cans'}`;
  const subject = `${alert.level === 'CRITICAL' ? 'CRITICAL' : 'LOW'} stock: ${alert.productName} has ${cans} left`;
  const text = [
    `${alert.productName} is down to ${cans} (${alert.level === 'CRITICAL' ? 'CRITICAL: 5 cans or less' : 'LOW: 10 cans or less'}).`,
    '',
    'Update its stock in the admin panel (Products tab) once more cans are in, or take it out of the shop if none are coming.',
    'You are told once each time a beer falls to LOW and again if it falls to CRITICAL; a restock re-arms the alert.',
    '',
    `${brandName}`,
  ].join('\n');
  return { subject, text };
}
