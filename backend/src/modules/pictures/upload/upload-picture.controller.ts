import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { MAX_PICTURE_BYTES } from '../domain/picture';
import type { LibraryPicture, UploadedPicture } from '@brewery/shop-rules';
import { PictureLibrary } from '../picture-library/picture-library.projection';
import { PictureErrors } from '../domain/picture.errors';
import { UploadPicture } from './upload-picture.service';

import { PICTURE_UPLOAD_TYPE } from '../../../platform/http/json-bodies-only';

/**
 * The request body, up to `limit` bytes. Past it (declared or sent), the upload stops at once: the answer
 * closes the connection rather than read the rest.
 */
function readBody(req: Request, res: Response, limit: number): Promise<Buffer> {
  const refuse = (): Error => {
    res.setHeader('Connection', 'close');
    return PictureErrors.tooLarge();
  };
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(refuse());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        reject(refuse());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The name the operator's computer gave the file (X-File-Name, URI-encoded), kept for the library only. */
function fileNameOf(req: Request): string | null {
  const raw = req.headers['x-file-name'];
  if (typeof raw !== 'string' || raw === '') return null;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  const clean = [...name]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' ? null : clean;
}

@ApiTags('admin products')
@ApiBearerAuth()
@Controller('admin/product-images')
export class UploadPictureController {
  constructor(
    private readonly pictures: UploadPicture,
    private readonly library: PictureLibrary,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Upload a product picture: the file's bytes as the body (PNG, JPEG or WebP, judged by content; at most 5 MB). Answers the address to use as the product's imageUrl and each served size; the same bytes again answer the same picture",
  })
  @ApiConsumes('image/png', 'image/jpeg', 'image/webp', 'application/octet-stream')
  @ApiHeader({ name: 'X-File-Name', required: false, description: "The file's name, URI-encoded (kept for the picture library)" })
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiCreatedResponse({ description: '{ id, url, format, width, height, bytes, variants: [{ width, height, bytes, url }], created }' })
  async upload(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Context() context: Cause): Promise<UploadedPicture> {
    // Anything else was refused (or parsed as JSON) before this point; this is the last word on it.
    if (!PICTURE_UPLOAD_TYPE.test(req.headers['content-type'] ?? '') || req.readableEnded) throw PictureErrors.notBytes();
    const bytes = await readBody(req, res, MAX_PICTURE_BYTES);
    return this.pictures.upload(bytes, fileNameOf(req), context);
  }

  @Get()
  @ApiOperation({ summary: 'The pictures uploaded so far, newest first: the library the product form picks from' })
  list(): Promise<LibraryPicture[]> {
    return this.library.list();
  }
}
