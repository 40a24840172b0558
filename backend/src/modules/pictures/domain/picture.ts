import type { PictureVariant } from '@brewery/shop-rules';
import type { DomainEvent } from '@brewery/eventstore';
import { assertNever, type Decider } from '../../../shared-kernel/decider';

/**
 * Product pictures. An upload is a fact on a stream named by the picture's content hash: the same bytes
 * uploaded twice are one picture, told once. The files (the original, and one WebP per width the shop shows)
 * are kept under `DATA_DIR/media` by that hash, and named by it, so a browser may keep them for a year.
 */

/** Formats accepted, as read from the bytes themselves (never from a name or a Content-Type). */
export const PICTURE_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** The largest upload: 5 MB. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** The most pixels a picture may decode to (a small file can hold a huge image: refused before it is decoded). */
export const MAX_PICTURE_PIXELS = 40_000_000;
/** The longest side a picture may have (a 60,000 x 1 strip is no product picture). */
export const MAX_PICTURE_SIDE = 12_000;

/**
 * The widths the shop shows pictures at, in CSS pixels times the screen's density: the can on a product card
 * is 126 px wide (256 for 2x screens, 512 for 3x and the admin's zoom), cart and checkout thumbnails 32-64 px
 * (128 serves them at every density).
 */
export const PICTURE_WIDTHS = [128, 256, 512] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** A picture id: the first 32 hex digits (128 bits) of the SHA-256 of the uploaded bytes. */
export const PICTURE_ID = /^[0-9a-f]{32}$/;

/** The public address of one size of a picture; content-hashed, so it never changes meaning. */
export function pictureUrl(pictureId: string, width: PictureWidth): string {
  return `/media/${pictureVariantName(pictureId, width)}`;
}

export function pictureVariantName(pictureId: string, width: PictureWidth): string {
  return `${pictureId}-${width}.webp`;
}

/** The name of a served file, read back: which picture and which width; null for any other name. */
export function parseVariantName(name: string): { pictureId: string; width: PictureWidth } | null {
  const match = /^([0-9a-f]{32})-(\d{1,4})\.webp$/.exec(name);
  if (match === null) return null;
  const width = Number(match[2]);
  return (PICTURE_WIDTHS as readonly number[]).includes(width) ? { pictureId: match[1] as string, width: width as PictureWidth } : null;
}

export const pictureStreamName = (pictureId: string): string => `picture-${pictureId}`;

export type { PictureVariant } from '@brewery/shop-rules';

export type PictureUploaded = DomainEvent<
  'PictureUploaded',
  {
    pictureId: string;
    format: PictureFormat;
    width: number;
    height: number;
    bytes: number;
    /** The file name the operator's computer gave it, for the library (never used to decide anything). */
    fileName: string | null;
    variants: PictureVariant[];
  }
>;
export type PictureEvent = PictureUploaded;
export const PICTURE_EVENT_TYPES = ['PictureUploaded'] as const satisfies readonly PictureEvent['type'][];

export type PictureCommand = { type: 'RecordUpload'; upload: PictureUploaded['data'] };

export interface PictureState {
  uploaded: PictureUploaded['data'] | null;
}

export const pictureDecider: Decider<PictureState, PictureCommand, PictureEvent> = {
  initialState: { uploaded: null },

  decide(command, state) {
    switch (command.type) {
      case 'RecordUpload':
        // The same bytes again: the picture is already there, nothing new to tell.
        return state.uploaded === null ? [{ type: 'PictureUploaded', data: command.upload }] : [];
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PictureUploaded':
        return { uploaded: event.data };
      default:
        return assertNever(event.type);
    }
  },
};
