import { Controller, Get, Param, Res } from '@nestjs/common';
import { PictureErrors } from '../domain/picture.errors';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { parseVariantName, pictureVariantName } from '../domain/picture';
import { PictureFiles } from '../picture-files';
import { renderPictureVariant } from '../picture-images';

/** A year: the name changes whenever the content does, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `/media/{hash}-{width}.webp`: the product pictures, from `DATA_DIR/media`, outside the API (no token; the
 * storefront shows them). Only names the shop makes are served; a size missing beside its original (a volume
 * restored from an older backup) is made again from it.
 */
@ApiExcludeController()
@Controller('media')
export class MediaController {
  constructor(private readonly files: PictureFiles) {}

  @Get(':file')
  async serve(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const variant = parseVariantName(file);
    if (variant === null) throw PictureErrors.notFound();
    const name = pictureVariantName(variant.pictureId, variant.width);
    if (!(await this.files.hasVariant(name))) {
      const original = await this.files.readOriginal(variant.pictureId);
      if (original === null) throw PictureErrors.notFound();
      await this.files.saveVariant(name, (await renderPictureVariant(original, variant.width)).data);
    }
    await new Promise<void>((resolve, reject) => {
      res.sendFile(
        this.files.variantPath(name),
        { headers: { 'Cache-Control': IMMUTABLE, 'Content-Type': 'image/webp', 'X-Content-Type-Options': 'nosniff' }, lastModified: false },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }
}
