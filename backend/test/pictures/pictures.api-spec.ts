import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import { allEvents, streamEvents } from '../checkout/checkout-fixtures';
import { adminToken } from '../admin-ops/admin-ops-fixtures';

/** A picture of a can: a tall coloured rectangle, encoded as asked. */
async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 600, height = 1000, colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** A real PNG whose header claims `width` x `height`: a few hundred bytes that would decode to billions of pixels. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture('png', 8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

const idOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

describe('product pictures: POST /api/admin/product-images, GET /media/{file}', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ IMAGE_HOSTS: 'cdn.example.com' });
    token = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (body: Buffer | string, type = 'image/png', headers: Record<string, string> = {}) =>
    t
      .http()
      .post('/api/admin/product-images')
      .set({ Authorization: `Bearer ${token}`, 'Content-Type': type, ...headers })
      .send(body);
  const media = (path: string) =>
    t
      .http()
      .get(path)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const pictureStreams = async () => (await allEvents(t)).filter((e) => e.streamName.startsWith('picture-')).length;

  it('takes a PNG, keeps it by its hash with a WebP for each width the shop shows, and records who uploaded it', async () => {
    const png = await picture('png');
    const res = await upload(png, 'image/png', { 'X-File-Name': encodeURIComponent('Quokka can (final).png') });
    expect(res.status).toBe(201);
    const id = idOf(png);
    expect(res.body).toEqual({
      id,
      url: `/media/${id}-512.webp`,
      format: 'png',
      width: 600,
      height: 1000,
      bytes: png.length,
      variants: [
        { width: 128, height: 213, bytes: expect.any(Number), url: `/media/${id}-128.webp` },
        { width: 256, height: 427, bytes: expect.any(Number), url: `/media/${id}-256.webp` },
        { width: 512, height: 853, bytes: expect.any(Number), url: `/media/${id}-512.webp` },
      ],
      created: true,
    });

    // Each size is served from the shop, without a token, as WebP, to be kept for a year
    for (const variant of res.body.variants as { width: number; url: string }[]) {
      const served = await media(variant.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.body as Buffer).metadata()).width).toBe(variant.width);
    }
    // The original is kept once, by its hash, under DATA_DIR/media
    expect(existsSync(join(t.config.dataDir, 'media', 'originals', `${id}.png`))).toBe(true);
    // The upload is a fact on the picture's own stream, with who made it
    const events = await streamEvents(t, `picture-${id}`);
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([['PictureUploaded', FIRST_OWNER]]);
    // And the library lists it with the name it had
    const library = await t.http().get('/api/admin/product-images').set('Authorization', `Bearer ${token}`);
    expect(library.status).toBe(200);
    expect(library.body[0]).toMatchObject({
      id,
      url: `/media/${id}-512.webp`,
      fileName: 'Quokka can (final).png',
      uploadedBy: 'Owner',
    });
  });

  it('the same bytes again are the same picture: nothing new is recorded or written', async () => {
    const png = await picture('png', 300, 500, '#2980b9');
    const first = await upload(png);
    const again = await upload(png, 'application/octet-stream');
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...first.body, created: false });
    expect(await streamEvents(t, `picture-${idOf(png)}`)).toHaveLength(1);
  });

  it.each<['jpeg' | 'webp', string]>([
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ])('takes a %s picture too, judged by its bytes (even sent under another image type)', async (format) => {
    const bytes = await picture(format, 400, 700, '#27ae60');
    const res = await upload(bytes, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ format, width: 400, height: 700 });
  });

  it('a small picture is never enlarged: every size is its own width', async () => {
    const res = await upload(await picture('png', 100, 160, '#8e44ad'));
    expect((res.body.variants as { width: number }[]).map((v) => v.width)).toEqual([100, 100, 100]);
  });

  it.each<[string, () => Promise<Buffer | string>, string, number, string]>([
    ['a GIF', () => picture('gif', 50, 80), 'image/gif', 415, 'The picture must be a PNG, JPEG or WebP image'],
    ['text named as a PNG', async () => 'not a picture at all', 'image/png', 415, 'The picture must be a PNG, JPEG or WebP image'],
    [
      'a PNG cut short',
      async () => (await picture('png', 400, 400, '#f1c40f')).subarray(0, 200),
      'image/png',
      415,
      'The picture must be a PNG, JPEG or WebP image',
    ],
    ['an empty body', async () => Buffer.alloc(0), 'image/png', 400, 'Choose a picture to upload'],
    [
      'more than 5 MB',
      async () => Buffer.alloc(5 * 1024 * 1024 + 1, 1),
      'image/png',
      413,
      'The picture is larger than 5 MB: save it smaller and upload it again',
    ],
    [
      'a small file of 10 billion pixels',
      () => pngClaiming(100_000, 100_000),
      'image/png',
      413,
      'The picture is too big: at most 40 million pixels and 12,000 pixels on its longer side. Save it smaller and upload it again',
    ],
    [
      'a strip 60,000 pixels long',
      () => pngClaiming(60_000, 1),
      'image/png',
      413,
      'The picture is too big: at most 40 million pixels and 12,000 pixels on its longer side. Save it smaller and upload it again',
    ],
    [
      'a JSON body',
      async () => JSON.stringify({ url: 'x' }),
      'application/json',
      415,
      "Send the picture's own bytes as the body, with Content-Type image/png, image/jpeg or image/webp",
    ],
    [
      'a form post',
      async () => 'a=1',
      'application/x-www-form-urlencoded',
      415,
      "Send the picture's own bytes as the body, with Content-Type image/png, image/jpeg or image/webp",
    ],
  ])('refuses %s with a clear message and records nothing', async (_case, make, type, status, message) => {
    const before = await pictureStreams();
    const res = await upload(await make(), type);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await pictureStreams()).toBe(before);
  });

  it('refuses an upload without the admin token, before reading it', async () => {
    const res = await t
      .http()
      .post('/api/admin/product-images')
      .set('Content-Type', 'image/png')
      .send(await picture('png', 10, 10));
    expect(res.status).toBe(401);
    const list = await t.http().get('/api/admin/product-images');
    expect(list.status).toBe(401);
  });

  it('serves only the names it makes; a size whose file went missing is made again from the original', async () => {
    const png = await picture('png', 200, 300, '#16a085');
    const id = (await upload(png)).body.id as string;
    expect((await media(`/media/${id}-300.webp`)).status).toBe(404);
    expect((await media(`/media/${'0'.repeat(32)}-128.webp`)).status).toBe(404);
    expect((await media('/media/..%2F..%2Fsecrets.json')).status).toBe(404);
    expect((await media(`/media/originals/${id}.png`)).status).toBe(404);

    rmSync(join(t.config.dataDir, 'media', `${id}-256.webp`));
    const again = await media(`/media/${id}-256.webp`);
    expect(again.status).toBe(200);
    expect((await sharp(again.body as Buffer).metadata()).width).toBe(200);
    expect(readdirSync(join(t.config.dataDir, 'media'))).toContain(`${id}-256.webp`);
  });

  it('an uploaded picture (or one on a host IMAGE_HOSTS names) becomes a product picture; the security policy allows those hosts', async () => {
    const id = (await upload(await picture('webp', 300, 500, '#d35400'), 'image/webp')).body.id as string;
    const form = {
      name: 'Picture Pale',
      style: 'Pale Ale',
      description: 'A pale ale with a picture of its own.',
      abv: 5,
      price: '6.50',
      inventory: 24,
      imageUrl: `/media/${id}-512.webp`,
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: true,
      isActive: true,
      archived: false,
    };
    const auth = { Authorization: `Bearer ${token}` };
    expect((await t.http().post('/api/admin/products').set(auth).send(form)).status).toBe(201);
    expect(
      (
        await t
          .http()
          .post('/api/admin/products')
          .set(auth)
          .send({ ...form, imageUrl: 'https://cdn.example.com/c.png' })
      ).status,
    ).toBe(201);
    const refused = await t
      .http()
      .post('/api/admin/products')
      .set(auth)
      .send({ ...form, imageUrl: 'https://elsewhere.example/c.png' });
    expect(refused.status).toBe(400);
    const page = await t.http().get('/api/health');
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com;/);
  });
});
