import { ConfigError, loadConfig } from './app-config';

const cwd = '/srv/shop';

describe('loadConfig', () => {
  it('defaults to the embedded stores, the local gateway and the outbox', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/shop/data',
      eventStore: { kind: 'pglite', dataDir: '/srv/shop/data/eventstore' },
      readModels: { kind: 'memory' },
      stripe: null,
      mail: { smtpUrl: null },
      reservationTtlMinutes: 10,
      checkout: { holdsPerClient: 2, ratePerMinute: 10, concurrency: 4, queueLimit: 100, queueWaitMs: 3000 },
      http: { trustProxy: false, maxConnections: 4000, maxConnectionsPerClient: 200, headersTimeoutMs: 10000, requestTimeoutMs: 30000 },
    });
  });

  it.each([
    [{ DATABASE_URL: 'postgres://u:p@db:5432/shop' }, { eventStore: { kind: 'postgres', url: 'postgres://u:p@db:5432/shop' } }],
    [
      { EVENTSTORE_URL: 'kurrentdb://kurrent:2113?tls=false', MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0' },
      { eventStore: { kind: 'kurrentdb' }, readModels: { kind: 'mongodb', dbName: 'brewery' } },
    ],
    [
      // A replica set and a cluster: several hosts, which a URL parser alone refuses.
      {
        EVENTSTORE_URL: 'kurrentdb://admin:changeit@kurrent-1:2113,kurrent-2:2113,kurrent-3:2113?tls=true',
        MONGODB_URL: 'mongodb://shop:secret@mongo-1:27017,mongo-2:27017,mongo-3:27017/brewery?replicaSet=rs0&w=majority',
      },
      {
        eventStore: { kind: 'kurrentdb', url: 'kurrentdb://admin:changeit@kurrent-1:2113,kurrent-2:2113,kurrent-3:2113?tls=true' },
        readModels: {
          kind: 'mongodb',
          url: 'mongodb://shop:secret@mongo-1:27017,mongo-2:27017,mongo-3:27017/brewery?replicaSet=rs0&w=majority',
        },
      },
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      { stripe: { publishableKey: 'pk_test_abc' } },
    ],
    [{ SMTP_URL: 'smtps://user:pass@mail.example.com' }, { mail: { smtpUrl: 'smtps://user:pass@mail.example.com' } }],
    [
      { PORT: '8080', RESERVATION_TTL_MINUTES: '45' },
      { port: 8080, reservationTtlMinutes: 45 },
    ],
    [{ RESERVATION_TTL_MINUTES: '0.1' }, { reservationTtlMinutes: 0.1 }],
    [
      { CHECKOUT_HOLDS_PER_CLIENT: '5', CHECKOUT_RATE_PER_MINUTE: '30', CHECKOUT_CONCURRENCY: '6', CHECKOUT_QUEUE_LIMIT: '0' },
      { checkout: { holdsPerClient: 5, ratePerMinute: 30, concurrency: 6, queueLimit: 0 } },
    ],
    [{ TRUST_PROXY: 'loopback, 10.0.0.0/8' }, { http: { trustProxy: ['loopback', '10.0.0.0/8'] } }],
    [{ TRUST_PROXY: 'false' }, { http: { trustProxy: false } }],
    [
      { MAX_CONNECTIONS: '100', MAX_CONNECTIONS_PER_CLIENT: '10', KEEP_ALIVE_TIMEOUT_MS: '2000' },
      { http: { maxConnections: 100, maxConnectionsPerClient: 10, keepAliveTimeoutMs: 2000 } },
    ],
    [
      { SOCIAL_LINKS: 'Instagram=https://instagram.com/ssb, Untappd=https://untappd.com/ssb' },
      { shop: { social: [{ label: 'Instagram' }, { label: 'Untappd' }] } },
    ],
    [{}, { imageHosts: [] }],
    [
      { IMAGE_HOSTS: 'cdn.example.com, https://img.example.org  http://lan-nas:8080,cdn.example.com' },
      { imageHosts: ['https://cdn.example.com', 'https://img.example.org', 'http://lan-nas:8080'] },
    ],
  ])('chooses from %j', (env, expected) => {
    expect(loadConfig(env, cwd)).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535 (got "eighty")'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres: or postgresql: URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    [{ DATABASE_URL: 'postgres://a/b', EVENTSTORE_URL: 'esdb://c:2113' }, 'set either DATABASE_URL or EVENTSTORE_URL, not both'],
    [{ EVENTSTORE_URL: 'esdb://c:2113' }, 'EVENTSTORE_URL needs MONGODB_URL too'],
    [
      { MONGODB_URL: 'mongodb://a:27017,,b:27017/?replicaSet=rs0' },
      'MONGODB_URL must name its hosts as host or host:port, separated by commas (got "a:27017,,b:27017")',
    ],
    [{ MONGODB_URL: 'mongodb://a:27017,b:port/' }, 'MONGODB_URL must name its hosts as host or host:port'],
    [{ MONGODB_URL: 'redis://a:6379' }, 'MONGODB_URL must be a mongodb: or mongodb+srv: URL'],
    [
      { EVENTSTORE_URL: 'kurrentdb://a:2113,b:2113 c', MONGODB_URL: 'mongodb://m' },
      'EVENTSTORE_URL must name its hosts as host or host:port',
    ],
    [{ EVENTSTORE_URL: 'not a url', MONGODB_URL: 'mongodb://m' }, 'EVENTSTORE_URL is not a valid URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together'],
    [
      { STRIPE_SECRET_KEY: 'nope', STRIPE_PUBLISHABLE_KEY: 'pk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_a' },
      'STRIPE_SECRET_KEY must start with',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 8 characters'],
    [{ ADMIN_PASSWORD_HASH: 'md5$abc' }, 'ADMIN_PASSWORD_HASH must be a scrypt$... hash'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY must be false or a comma list'],
    [{ RESERVATION_TTL_MINUTES: '0.01' }, 'RESERVATION_TTL_MINUTES must be a number from 0.05 to 1440 (got "0.01")'],
    [{ RESERVATION_TTL_MINUTES: 'ten' }, 'RESERVATION_TTL_MINUTES must be a number from 0.05 to 1440 (got "ten")'],
    [{ CHECKOUT_HOLDS_PER_CLIENT: '0' }, 'CHECKOUT_HOLDS_PER_CLIENT must be a whole number from 1'],
    [{ CHECKOUT_RATE_PER_MINUTE: 'lots' }, 'CHECKOUT_RATE_PER_MINUTE must be a whole number'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS must be a whole number from 1'],
    [{ SHOP_EMAIL: 'brewery' }, 'SHOP_EMAIL must be an e-mail address'],
    [{ SOCIAL_LINKS: 'Instagram=http://insecure' }, 'SOCIAL_LINKS entry "Instagram=http://insecure" must look like Label=https://...'],
    [{ RESERVATION_TTL_MINUTES: '0' }, 'RESERVATION_TTL_MINUTES must be a number from 0.05 to 1440 (got "0")'],
    [{ IMAGE_HOSTS: 'https://cdn.example.com/pictures' }, 'IMAGE_HOSTS entry "https://cdn.example.com/pictures" must be a host name'],
    [{ IMAGE_HOSTS: '*.example.com' }, 'IMAGE_HOSTS entry "*.example.com" must be a host name'],
    [{ IMAGE_HOSTS: 'ftp://files.example.com' }, 'IMAGE_HOSTS entry "ftp://files.example.com" must be a host name'],
    [{ NEW_ORDER_EMAIL: 'yes' }, 'NEW_ORDER_EMAIL must be on or off (got "yes")'],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => loadConfig(env, cwd)).toThrow(ConfigError);
    expect(() => loadConfig(env, cwd)).toThrow(message);
  });

  it.each([
    [{}, false],
    [{ NEW_ORDER_EMAIL: 'on' }, true],
    [{ NEW_ORDER_EMAIL: 'ON' }, true],
    [{ NEW_ORDER_EMAIL: 'off' }, false],
  ])('with %j, the shop is e-mailed each paid order: %s', (env, on) => {
    expect(loadConfig(env, cwd).mail.newOrderEmail).toBe(on);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' }, cwd);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it.each([
    [{}, 'public'],
    [{ NODE_ENV: 'production' }, 'admin'],
    [{ NODE_ENV: 'production', API_DOCS: 'public' }, 'public'],
    [{ API_DOCS: 'OFF' }, 'off'],
    [{ API_DOCS: 'admin' }, 'admin'],
  ])('API_DOCS with %j is %s', (env, mode) => {
    expect(loadConfig(env, '/srv/shop').http.apiDocs).toBe(mode);
  });

  it('refuses an API_DOCS it does not know, naming the choices', () => {
    expect(() => loadConfig({ API_DOCS: 'private' }, '/srv/shop')).toThrow('API_DOCS must be one of public, admin, off (got "private")');
  });
});
