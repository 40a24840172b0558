import type { UploadedPicture } from '@brewery/shop-rules';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import {
  MAX_PICTURE_BYTES,
  PICTURE_WIDTHS,
  pictureDecider,
  pictureStreamName,
  pictureUrl,
  pictureVariantName,
  type PictureUploaded,
  type PictureVariant,
} from '../domain/picture';
import { PictureErrors } from '../domain/picture.errors';
import { PictureFiles } from '../picture-files';
import { inspectPicture, PictureTooLarge, renderPictureVariant, UnsupportedPicture } from '../picture-images';

export { PictureMessages } from '../domain/picture.errors';

/** What the upload route answers: the picture's id, the address to put in the product form, and every size. */

/**
 * A product picture uploaded by the operator: checked by its content (PNG, JPEG or WebP, at most 5 MB and
 * 40 million pixels), stored once by its hash with a WebP for each width the shop shows, then recorded as a
 * `PictureUploaded` fact. The files come first: a picture the event store knows of always has them, and a
 * crash in between leaves only files that the next upload of those bytes reuses. The same bytes again are
 * the same picture, answered without a new event.
 */
@Injectable()
export class UploadPicture {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly files: PictureFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async upload(bytes: Buffer, fileName: string | null, cause: Cause): Promise<UploadedPicture> {
    if (bytes.length === 0) throw PictureErrors.required();
    if (bytes.length > MAX_PICTURE_BYTES) throw PictureErrors.tooLarge();
    const pictureId = createHash('sha256').update(bytes).digest('hex').slice(0, 32);

    const known = await this.pipeline.load(pictureStreamName(pictureId), pictureDecider);
    if (known.state.uploaded !== null) {
      await this.restoreFiles(known.state.uploaded, bytes);
      return answer(known.state.uploaded, false);
    }

    let inspected: Awaited<ReturnType<typeof inspectPicture>>;
    try {
      inspected = await inspectPicture(bytes);
    } catch (error) {
      if (error instanceof UnsupportedPicture) throw PictureErrors.unsupported();
      if (error instanceof PictureTooLarge) throw PictureErrors.tooManyPixels();
      throw error;
    }
    const variants = await this.writeFiles(pictureId, bytes, inspected.format);
    const upload: PictureUploaded['data'] = {
      pictureId,
      format: inspected.format,
      width: inspected.width,
      height: inspected.height,
      bytes: bytes.length,
      fileName,
      variants,
    };
    const result = await this.pipeline.run({
      streamName: pictureStreamName(pictureId),
      decider: pictureDecider,
      command: { type: 'RecordUpload', upload },
      cause,
    });
    const recorded = result.state.uploaded ?? upload;
    return answer(recorded, result.events.length > 0);
  }

  /** Writes the picture's files (each only if missing); answers what each served size is. */
  private async writeFiles(pictureId: string, bytes: Buffer, format: PictureUploaded['data']['format']): Promise<PictureVariant[]> {
    const variants: PictureVariant[] = [];
    for (const width of PICTURE_WIDTHS) {
      const rendered = await renderPictureVariant(bytes, width);
      await this.files.saveVariant(pictureVariantName(pictureId, width), rendered.data);
      variants.push({ width: rendered.width, height: rendered.height, bytes: rendered.data.length, url: pictureUrl(pictureId, width) });
    }
    await this.files.saveOriginal(pictureId, format, bytes);
    return variants;
  }

  /** A picture uploaded before whose files went missing (a volume restored from an old backup) gets them back. */
  private async restoreFiles(picture: PictureUploaded['data'], bytes: Buffer): Promise<void> {
    const present = await Promise.all(PICTURE_WIDTHS.map((width) => this.files.hasVariant(pictureVariantName(picture.pictureId, width))));
    if (present.every(Boolean) && (await this.files.readOriginal(picture.pictureId)) !== null) return;
    await this.writeFiles(picture.pictureId, bytes, picture.format);
  }
}

function answer(picture: PictureUploaded['data'], created: boolean): UploadedPicture {
  const largest = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1] as (typeof PICTURE_WIDTHS)[number];
  return {
    id: picture.pictureId,
    url: pictureUrl(picture.pictureId, largest),
    format: picture.format,
    width: picture.width,
    height: picture.height,
    bytes: picture.bytes,
    variants: picture.variants,
    created,
  };
}
