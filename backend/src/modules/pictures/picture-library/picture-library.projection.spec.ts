import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { PictureUploaded } from '../domain/picture';
import { PICTURES, PictureLibraryProjection, type PictureDoc } from './picture-library.projection';

const upload = (pictureId: string): PictureUploaded['data'] => ({
  pictureId,
  format: 'jpeg',
  width: 600,
  height: 1000,
  bytes: 40_000,
  fileName: 'can.jpg',
  variants: [128, 256, 512].map((width) => ({
    width,
    height: Math.round(width * 1.667),
    bytes: 1000,
    url: `/media/${pictureId}-${width}.webp`,
  })),
});

function recorded(pictureId: string, at: string, position: number): RecordedEvent {
  return {
    id: `picture-${pictureId}-0`,
    streamName: `picture-${pictureId}`,
    revision: 0,
    globalPosition: position,
    type: 'PictureUploaded',
    data: upload(pictureId),
    metadata: { correlationId: 'c', causationId: null, actor: 'admin', occurredAt: at },
  };
}

describe('PictureLibraryProjection', () => {
  const a = 'a'.repeat(32);
  const b = 'b'.repeat(32);

  it('lists each upload with its largest size as the address to use, and who uploaded it when', async () => {
    const store = new MemoryDocumentStore();
    const projection = new PictureLibraryProjection();
    await projection.apply(recorded(a, '2026-11-25T01:00:00.000Z', 1), store);
    expect(await store.collection<PictureDoc>(PICTURES).findOne({ _id: a })).toEqual({
      _id: a,
      revision: 0,
      url: `/media/${a}-512.webp`,
      format: 'jpeg',
      width: 600,
      height: 1000,
      bytes: 40_000,
      fileName: 'can.jpg',
      variants: upload(a).variants,
      uploadedAt: '2026-11-25T01:00:00.000Z',
      uploadedBy: 'admin',
    });
  });

  it('is idempotent: the same events delivered again (a replay) leave the same library', async () => {
    const events = [recorded(a, '2026-11-25T01:00:00.000Z', 1), recorded(b, '2026-11-25T02:00:00.000Z', 2)];
    const once = new MemoryDocumentStore();
    const twice = new MemoryDocumentStore();
    const projection = new PictureLibraryProjection();
    for (const event of events) await projection.apply(event, once);
    for (const event of [...events, ...events]) await projection.apply(event, twice);
    const all = (store: MemoryDocumentStore) => store.collection<PictureDoc>(PICTURES).find({}, { sort: { uploadedAt: -1 } });
    expect(await all(twice)).toEqual(await all(once));
    expect((await all(once)).map((p) => p._id)).toEqual([b, a]);
  });
});
