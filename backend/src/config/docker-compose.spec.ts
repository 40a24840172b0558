import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface Service {
  image?: string;
  build?: unknown;
  healthcheck?: { test?: string[] | string };
  environment?: Record<string, string>;
}

/** The production shape a stranger runs with `docker compose up`: what it must hold for them. */
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(__dirname, '../../../docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };
  const services = Object.entries(compose.services);

  it.each(services.filter(([, s]) => s.image !== undefined))('pins %s to a whole version, never a floating tag', (_, service) => {
    expect(service.image).toMatch(/:\d+\.\d+\.\d+$/);
  });

  it('waits for MongoDB to be the writable primary, not merely to answer', () => {
    const test = [compose.services['mongodb']?.healthcheck?.test ?? []].flat().join(' ');
    expect(test).toContain('isWritablePrimary');
    expect(test).toContain('rs.initiate');
  });

  it('checks KurrentDB with what its image carries (curl on its health endpoint)', () => {
    expect([compose.services['kurrentdb']?.healthcheck?.test ?? []].flat().join(' ')).toContain(
      'curl -fsS http://localhost:2113/health/live',
    );
  });

  it('starts the shops only once both stores are healthy', () => {
    expect(compose.services['shop']).toMatchObject({
      depends_on: { kurrentdb: { condition: 'service_healthy' }, mongodb: { condition: 'service_healthy' } },
    });
  });

  it('puts no secret of its own in the file: each comes from the operator, or is generated once and shared', () => {
    const environment = compose.services['shop']?.environment ?? {};
    for (const name of ['JWT_SECRET', 'ADMIN_PASSWORD', 'ADMIN_PASSWORD_HASH', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL']) {
      expect({ name, value: environment[name] }).toEqual({
        name,
        value: expect.stringMatching(new RegExp(`^\\$\\{${name}(:-|:\\?)`)) as unknown,
      });
      expect({ name, default: /:-([^}]+)\}$/.exec(environment[name] ?? '')?.[1] ?? null }).toEqual({ name, default: null });
    }
  });
});
