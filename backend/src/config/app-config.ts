import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

/**
 * Every setting the server reads, parsed once from the environment. A bad value stops start-up with a
 * message naming the variable; nothing else in the code base reads `process.env`.
 */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  eventStore: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string } | { kind: 'kurrentdb'; url: string };
  readModels: { kind: 'memory' } | { kind: 'mongodb'; url: string; dbName: string };
  staticDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  admin: {
    /** Plain password from ADMIN_PASSWORD, or null (then a hash is used or generated). */
    password: string | null;
    passwordHash: string | null;
    /** JWT_SECRET, or null: generated and kept in DATA_DIR. */
    jwtSecret: string | null;
    tokenTtlSeconds: number;
    /** The first owner's e-mail (OWNER_EMAIL; default SHOP_EMAIL): with the admin password, it signs in as the owner. */
    ownerEmail: string;
  };
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  /** `newOrderEmail`: the shop is e-mailed each paid order (NEW_ORDER_EMAIL=on; default off). */
  mail: { smtpUrl: string | null; from: string; newOrderEmail: boolean };
  shop: {
    brandName: string;
    email: string;
    address: string;
    abn: string;
    publicUrl: string;
    liquorLicence: { number: string; licenceClass: string; licensee: string; premises: string };
    social: { label: string; url: string }[];
  };
  /**
   * Origins other than the shop's own that product pictures may come from (IMAGE_HOSTS), such as
   * `https://cdn.example.com`; empty: pictures are uploaded to the shop or are paths on it.
   */
  imageHosts: string[];
  reservationTtlMinutes: number;
  /** How often the leader looks for club charges due (CLUB_SWEEP_INTERVAL_MS). */
  clubSweepIntervalMs: number;
  /** Fairness and admission control at checkout. */
  checkout: {
    /** Pending checkouts holding stock per client address at once (CHECKOUT_HOLDS_PER_CLIENT). */
    holdsPerClient: number;
    /** Checkout attempts per client address per minute (CHECKOUT_RATE_PER_MINUTE). */
    ratePerMinute: number;
    /** Checkouts in progress at once (CHECKOUT_CONCURRENCY); few enough that reads keep the event loop's time. */
    concurrency: number;
    /** Checkouts waiting for a turn; past it, 503 (CHECKOUT_QUEUE_LIMIT). */
    queueLimit: number;
    /** Longest wait for a turn before 503 (CHECKOUT_QUEUE_WAIT_MS). */
    queueWaitMs: number;
  };
  /** The HTTP server's limits (one shop process). */
  http: {
    /** Express's `trust proxy`: false (the socket's address), or the proxies to believe (TRUST_PROXY). */
    trustProxy: false | string[];
    maxConnections: number;
    maxConnectionsPerClient: number;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /**
     * API_DOCS: the OpenAPI description at /api/docs — `public` (the page and its JSON for anyone), `admin`
     * (the JSON only, with the admin's bearer token) or `off`. Default: `admin` under NODE_ENV=production,
     * `public` otherwise.
     */
    apiDocs: ApiDocsMode;
  };
}

export const API_DOCS_MODES = ['public', 'admin', 'off'] as const;
export type ApiDocsMode = (typeof API_DOCS_MODES)[number];

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];
  const str = (name: string, fallback: string): string => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? fallback : value.trim();
  };
  const optional = (name: string): string | null => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? null : value.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = optional(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const decimal = (name: string, fallback: number, min: number, max: number): number => {
    const raw = optional(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const onOff = (name: string, fallback: boolean): boolean => {
    const raw = optional(name);
    if (raw === null) return fallback;
    if (raw.toLowerCase() === 'on') return true;
    if (raw.toLowerCase() === 'off') return false;
    problems.push(`${name} must be on or off (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = optional(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
        return null;
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
  };
  /**
   * A cluster's connection string: like a URL, but naming one or more `host[:port]` separated by commas
   * (`mongodb://a:27017,b:27017,c:27017/?replicaSet=rs0`, `kurrentdb://a:2113,b:2113,c:2113`), which the WHATWG
   * URL parser refuses. Each host is checked, and the rest is read as a URL on the first.
   */
  const clusterUrl = (name: string, protocols: string[]): string | null => {
    const raw = optional(name);
    if (raw === null) return null;
    const parts = /^([a-z][a-z0-9+.-]*:)\/\/(?:([^@/?#]*)@)?([^/?#]*)(.*)$/i.exec(raw);
    if (parts === null) {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
    const [, protocol = '', userinfo, hosts = '', rest = ''] = parts;
    if (!protocols.includes(protocol.toLowerCase())) {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
      return null;
    }
    const hostList = hosts.split(',');
    if (hostList.some((host) => !/^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host))) {
      problems.push(`${name} must name its hosts as host or host:port, separated by commas (got "${hosts}")`);
      return null;
    }
    try {
      new URL(`${protocol}//${userinfo === undefined ? '' : `${userinfo}@`}${hostList[0] ?? ''}${rest}`);
    } catch {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
    return raw;
  };

  const dataDir = resolve(cwd, str('DATA_DIR', './data'));
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const eventStoreUrl = clusterUrl('EVENTSTORE_URL', [
    'esdb:',
    'esdb+discover:',
    'kurrentdb:',
    'kurrentdb+discover:',
    'kurrent:',
    'kurrent+discover:',
  ]);
  const mongoUrl = clusterUrl('MONGODB_URL', ['mongodb:', 'mongodb+srv:']);
  if (databaseUrl && eventStoreUrl) problems.push('set either DATABASE_URL or EVENTSTORE_URL, not both');
  if (eventStoreUrl && !mongoUrl && optional('EVENTSTORE_URL') !== null) {
    problems.push('EVENTSTORE_URL needs MONGODB_URL too: process-manager checkpoints must be durable');
  }

  const logLevel = str('LOG_LEVEL', 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const stripeSecret = optional('STRIPE_SECRET_KEY');
  const stripePublishable = optional('STRIPE_PUBLISHABLE_KEY');
  const stripeWebhook = optional('STRIPE_WEBHOOK_SECRET');
  const stripeSet = [stripeSecret, stripePublishable, stripeWebhook].filter((v) => v !== null).length;
  if (stripeSet > 0 && stripeSet < 3) {
    problems.push('STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together: set all three or none');
  }
  if (stripeSecret && !/^(sk|rk)_(test|live)_/.test(stripeSecret))
    problems.push('STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_');
  if (stripePublishable && !/^pk_(test|live)_/.test(stripePublishable))
    problems.push('STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_');
  if (stripeWebhook && !stripeWebhook.startsWith('whsec_')) problems.push('STRIPE_WEBHOOK_SECRET must start with whsec_');

  const jwtSecret = optional('JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
  const adminPassword = optional('ADMIN_PASSWORD');
  if (adminPassword !== null && adminPassword.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters');
  const adminPasswordHash = optional('ADMIN_PASSWORD_HASH');
  if (adminPasswordHash !== null && !adminPasswordHash.startsWith('scrypt$'))
    problems.push('ADMIN_PASSWORD_HASH must be a scrypt$... hash (see docs/operations.md)');

  const shopEmail = str('SHOP_EMAIL', 'hello@swanandsand.beer');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(shopEmail)) problems.push('SHOP_EMAIL must be an e-mail address');

  const ownerEmail = str('OWNER_EMAIL', shopEmail);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(ownerEmail)) problems.push('OWNER_EMAIL must be an e-mail address');

  const port = int('PORT', 3000, 0, 65535);
  const config: AppConfig = {
    port,
    host: str('HOST', '127.0.0.1'),
    dataDir,
    eventStore: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : eventStoreUrl
        ? { kind: 'kurrentdb', url: eventStoreUrl }
        : { kind: 'pglite', dataDir: resolve(dataDir, 'eventstore') },
    readModels: mongoUrl ? { kind: 'mongodb', url: mongoUrl, dbName: str('MONGODB_DB', 'brewery') } : { kind: 'memory' },
    staticDir: resolve(cwd, str('STATIC_DIR', resolve(__dirname, '../../../frontend/dist'))),
    logLevel: logLevel as AppConfig['logLevel'],
    admin: {
      password: adminPassword,
      passwordHash: adminPasswordHash,
      jwtSecret,
      tokenTtlSeconds: int('ADMIN_TOKEN_TTL_SECONDS', 8 * 3600, 60, 30 * 24 * 3600),
      ownerEmail,
    },
    stripe:
      stripeSecret && stripePublishable && stripeWebhook
        ? { secretKey: stripeSecret, publishableKey: stripePublishable, webhookSecret: stripeWebhook }
        : null,
    mail: {
      smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
      from: str('MAIL_FROM', shopEmail),
      newOrderEmail: onOff('NEW_ORDER_EMAIL', false),
    },
    shop: {
      brandName: str('BRAND_NAME', 'Swan & Sand Brewing Co.'),
      email: shopEmail,
      address: str('SHOP_ADDRESS', '12 Brewery Lane, Osborne Park WA 6017'),
      abn: str('SHOP_ABN', '12 345 678 901'),
      publicUrl: str('PUBLIC_URL', `http://localhost:${port}`),
      liquorLicence: {
        number: str('LIQUOR_LICENCE_NUMBER', '6020000000'),
        licenceClass: str('LIQUOR_LICENCE_CLASS', 'Producer’s licence'),
        licensee: str('LICENSEE_NAME', 'Swan & Sand Brewing Pty Ltd'),
        premises: str('LICENSED_PREMISES', '12 Brewery Lane, Osborne Park WA 6017'),
      },
      social: parseSocial(optional('SOCIAL_LINKS'), problems),
    },
    imageHosts: parseImageHosts(optional('IMAGE_HOSTS'), problems),
    // Fractions of a minute are allowed (tests of expiry use a few seconds).
    reservationTtlMinutes: decimal('RESERVATION_TTL_MINUTES', 10, 0.05, 24 * 60),
    clubSweepIntervalMs: int('CLUB_SWEEP_INTERVAL_MS', 30_000, 50, 3_600_000),
    checkout: {
      holdsPerClient: int('CHECKOUT_HOLDS_PER_CLIENT', 2, 1, 100_000),
      ratePerMinute: int('CHECKOUT_RATE_PER_MINUTE', 10, 1, 1_000_000),
      concurrency: int('CHECKOUT_CONCURRENCY', 4, 1, 256),
      queueLimit: int('CHECKOUT_QUEUE_LIMIT', 100, 0, 100_000),
      queueWaitMs: int('CHECKOUT_QUEUE_WAIT_MS', 3000, 0, 60_000),
    },
    http: {
      trustProxy: parseTrustProxy(optional('TRUST_PROXY'), problems),
      maxConnections: int('MAX_CONNECTIONS', 4000, 1, 1_000_000),
      maxConnectionsPerClient: int('MAX_CONNECTIONS_PER_CLIENT', 200, 1, 1_000_000),
      headersTimeoutMs: int('HEADERS_TIMEOUT_MS', 10_000, 1000, 600_000),
      requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 30_000, 1000, 3_600_000),
      keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
      apiDocs: apiDocsMode(optional('API_DOCS'), env['NODE_ENV'] === 'production', problems),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * TRUST_PROXY: unset or "false" believes no X-Forwarded-For (the socket's address counts); otherwise a comma
 * list of what Express accepts: "loopback", "linklocal", "uniquelocal", addresses and CIDR ranges.
 */
function parseTrustProxy(raw: string | null, problems: string[]): false | string[] {
  if (raw === null || raw.toLowerCase() === 'false') return false;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  const bad = entries.filter((entry) => !named.includes(entry) && !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(`TRUST_PROXY must be false or a comma list of loopback, linklocal, uniquelocal, addresses or CIDR ranges (got "${raw}")`);
    return false;
  }
  return entries;
}

/** SOCIAL_LINKS="Instagram=https://instagram.com/x,Facebook=https://facebook.com/x" */
function parseSocial(raw: string | null, problems: string[]): { label: string; url: string }[] {
  if (raw === null) {
    return [
      { label: 'Instagram', url: 'https://www.instagram.com/' },
      { label: 'Facebook', url: 'https://www.facebook.com/' },
    ];
  }
  return raw.split(',').flatMap((pair) => {
    const [label, link] = pair.split('=').map((part) => part.trim());
    if (!label || !link || !/^https:\/\//.test(link)) {
      problems.push(`SOCIAL_LINKS entry "${pair}" must look like Label=https://...`);
      return [];
    }
    return [{ label, url: link }];
  });
}

/**
 * IMAGE_HOSTS: hosts or origins separated by commas or spaces. A bare host (`cdn.example.com`) means its https
 * origin; `http://` must be written out. Paths, wildcards and anything else are refused by name.
 */
function parseImageHosts(raw: string | null, problems: string[]): string[] {
  if (raw === null) return [];
  const origins = raw
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .flatMap((entry) => {
      const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? entry : `https://${entry}`;
      try {
        const url = new URL(withScheme);
        const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && !withScheme.endsWith('/');
        if ((url.protocol === 'https:' || url.protocol === 'http:') && bare && /^[a-z0-9.-]+$/i.test(url.hostname)) return [url.origin];
      } catch {
        // reported below
      }
      problems.push(`IMAGE_HOSTS entry "${entry}" must be a host name (cdn.example.com) or an origin (https://cdn.example.com)`);
      return [];
    });
  return [...new Set(origins)];
}

/** A fresh random secret, for values generated on first start and kept in DATA_DIR. */
export function generateSecret(bytes = 48): string {
  return randomBytes(bytes).toString('base64url');
}

function apiDocsMode(raw: string | null, production: boolean, problems: string[]): ApiDocsMode {
  if (raw === null) return production ? 'admin' : 'public';
  const mode = raw.toLowerCase();
  if ((API_DOCS_MODES as readonly string[]).includes(mode)) return mode as ApiDocsMode;
  problems.push(`API_DOCS must be one of ${API_DOCS_MODES.join(', ')} (got "${raw}")`);
  return production ? 'admin' : 'public';
}

/** Injection token of the configuration read at start (`AppConfig`). */
export const APP_CONFIG = Symbol('APP_CONFIG');
/**
 * The server's signing secret (JWT_SECRET, or the one generated into DATA_DIR), read once at start: admin tokens,
 * checkout holders, order-status links and payment-status answers are all keyed with it, alike in every process.
 */
export const SERVER_SECRET = Symbol('SERVER_SECRET');
