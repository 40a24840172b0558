import type { LibraryPicture } from '@brewery/shop-rules';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, RecordedEvent } from '@brewery/eventstore';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { PICTURE_EVENT_TYPES, type PictureEvent, type PictureVariant } from '../domain/picture';

export const PICTURES = 'pictures';

/** One uploaded picture, as the product form's library lists it. */
export interface PictureDoc extends FoldedDoc {
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

/** The pictures uploaded so far: a picture's stream holds one event. */
export const pictureLibraryFold: Fold<PictureDoc> = {
  collection: PICTURES,
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as PictureEvent;
    switch (event.type) {
      case 'PictureUploaded': {
        if (doc !== null) return doc;
        const largest = event.data.variants.at(-1);
        return {
          _id: event.data.pictureId,
          revision: recorded.revision,
          url: largest?.url ?? '',
          format: event.data.format,
          width: event.data.width,
          height: event.data.height,
          bytes: event.data.bytes,
          fileName: event.data.fileName,
          variants: event.data.variants,
          uploadedAt: recorded.metadata.occurredAt,
          uploadedBy: typeof recorded.metadata.actor === 'object' ? recorded.metadata.actor.name : recorded.metadata.actor,
        };
      }
      default:
        return assertNever(event.type);
    }
  },
};

@Injectable()
export class PictureLibraryProjection implements Projection {
  readonly name = 'picture-library';
  readonly collections = [PICTURES];
  readonly eventTypes = PICTURE_EVENT_TYPES;
  readonly indexes = { [PICTURES]: [{ uploadedAt: -1 }] } as const;

  apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    return applyFold(pictureLibraryFold, event, store);
  }
}

/** Reads the library. */
@Injectable()
export class PictureLibrary {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  async list(): Promise<LibraryPicture[]> {
    const docs = await this.store.collection<PictureDoc>(PICTURES).find({}, { sort: { uploadedAt: -1 } });
    return docs.map(({ _id, revision: _revision, ...picture }) => ({ id: _id, ...picture }));
  }
}
