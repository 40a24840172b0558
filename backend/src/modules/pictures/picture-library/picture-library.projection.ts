import { Inject, Injectable } from '@nestjs/common';
import type { Doc, DocumentStore, RecordedEvent } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { PICTURE_EVENT_TYPES, type PictureEvent, type PictureVariant } from '../domain/picture';

export const PICTURES = 'pictures';

/** One uploaded picture, as the product form's library lists it. */
export interface PictureDoc extends Doc {
  _id: string;
  /** The largest served size: what a product's imageUrl is set to. */
  url: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  fileName: string | null;
  variants: PictureVariant[];
  uploadedAt: string;
  uploadedBy: string;
}

/** The pictures uploaded so far. A picture's stream holds one event, so its id is its idempotency guard. */
@Injectable()
export class PictureLibraryProjection implements Projection {
  readonly name = 'picture-library';
  readonly collections = [PICTURES];
  readonly eventTypes = PICTURE_EVENT_TYPES;
  readonly indexes = { [PICTURES]: [{ uploadedAt: -1 }] } as const;

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const pictures = store.collection<PictureDoc>(PICTURES);
    const event = { type: recorded.type, data: recorded.data } as PictureEvent;
    switch (event.type) {
      case 'PictureUploaded': {
        if (await pictures.findOne({ _id: event.data.pictureId })) return;
        const largest = event.data.variants.at(-1);
        await pictures.replaceOne({
          _id: event.data.pictureId,
          url: largest?.url ?? '',
          format: event.data.format,
          width: event.data.width,
          height: event.data.height,
          bytes: event.data.bytes,
          fileName: event.data.fileName,
          variants: event.data.variants,
          uploadedAt: recorded.metadata.occurredAt,
          uploadedBy: recorded.metadata.actor,
        });
        return;
      }
      default:
        assertNever(event.type);
    }
  }
}

/** One picture as the library route answers it: named `id`, as the upload's answer names it. */
export type LibraryPicture = Omit<PictureDoc, '_id'> & { id: string };

/** Reads the library. */
@Injectable()
export class PictureLibrary {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  async list(): Promise<LibraryPicture[]> {
    const docs = await this.store.collection<PictureDoc>(PICTURES).find({}, { sort: { uploadedAt: -1 } });
    return docs.map(({ _id, ...picture }) => ({ id: _id, ...picture }));
  }
}
