import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../create-test-app';

/** API_DOCS: who may read the OpenAPI description. */
describe('API_DOCS', () => {
  const token = async (t: TestApp): Promise<string> =>
    ((await t.http().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(201)).body as { token: string }).token;

  describe('admin: the JSON for the operator only, no page', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ API_DOCS: 'admin' });
    });
    afterAll(() => t.close());

    it('refuses the description without the admin token, with WWW-Authenticate', async () => {
      const res = await t.http().get('/api/docs/openapi.json').expect(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="admin"');
      expect(JSON.stringify(res.body)).not.toContain('/api/admin/products');
      await t.http().get('/api/docs/openapi.json').set('Authorization', 'Bearer not-a-token').expect(401);
    });

    it('answers the description to the operator, and serves no page', async () => {
      const bearer = `Bearer ${await token(t)}`;
      const res = await t.http().get('/api/docs/openapi.json').set('Authorization', bearer).expect(200);
      expect((res.body as { paths: Record<string, unknown> }).paths['/api/admin/products']).toBeDefined();
      const page = await t.http().get('/api/docs').set('Authorization', bearer);
      expect(page.status).toBe(404);
    });

    it('given the operator logged out, that token reads it no more', async () => {
      const bearer = `Bearer ${await token(t)}`;
      await t.http().post('/api/admin/logout').set('Authorization', bearer).expect(200);
      await t.http().get('/api/docs/openapi.json').set('Authorization', bearer).expect(401);
    });
  });

  describe('off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ API_DOCS: 'off' });
    });
    afterAll(() => t.close());

    it('serves neither the page nor the JSON, even to the operator', async () => {
      const bearer = `Bearer ${await token(t)}`;
      expect((await t.http().get('/api/docs/openapi.json').set('Authorization', bearer)).status).toBe(404);
      expect((await t.http().get('/api/docs')).status).toBe(404);
    });
  });
});
