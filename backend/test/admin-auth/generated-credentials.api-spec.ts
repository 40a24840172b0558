import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp } from '../create-test-app';

jest.setTimeout(60_000);

describe('first start without ADMIN_PASSWORD, ADMIN_PASSWORD_HASH or JWT_SECRET', () => {
  it('generates a password, prints it once, keeps only secrets readable by the owner, and the password logs in', async () => {
    const printed: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    let t;
    try {
      t = await createTestApp({ ADMIN_PASSWORD: '', JWT_SECRET: '' });
    } finally {
      write.mockRestore();
    }
    try {
      const banner = printed.filter((line) => line.includes('Admin password (generated)'));
      expect(banner).toHaveLength(1);
      expect(banner[0]).toContain('This is the only time it is shown');
      const password = /Admin password \(generated\): (\S+)/.exec(banner[0] ?? '')?.[1] ?? '';

      for (const file of ['admin-password.hash', 'jwt-secret']) {
        expect([file, statSync(join(t.config.dataDir, file)).mode & 0o777]).toEqual([file, 0o600]);
      }
      await t.http().post('/api/admin/login').send({ password: 'brewery-test-password' }).expect(401);
      const { body } = await t.http().post('/api/admin/login').send({ password }).expect(201);
      await t
        .http()
        .get('/api/admin/verify')
        .set('Authorization', `Bearer ${(body as { token: string }).token}`)
        .expect(200, { ok: true });
    } finally {
      await t.close();
    }
  });
});
