import type { Product, PublicConfig } from '@brewery/shop-rules';
import { scriptJson } from '@/shared/format/script-json';

/** The id of the `<script type="application/json">` the server writes its data into. */
export const SERVER_STATE_ID = 'shop-state';

/** What a server-rendered page was drawn from, handed to the browser so its first render draws the same. */
export interface ServerState {
  products: Product[];
  config: PublicConfig;
  ageVerified: boolean;
  /** The shop's public address, as the server wrote its canonical links. */
  origin: string;
}

/** The state as it goes into its `<script type="application/json">`. */
export function serializeServerState(state: ServerState): string {
  return scriptJson(state);
}

/** The state of a server-rendered page, or null for a page the browser draws alone. */
export function readServerState(doc: Document): ServerState | null {
  const element = doc.getElementById(SERVER_STATE_ID);
  if (element === null || element.textContent === null) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}
