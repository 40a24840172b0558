import { DomainError } from '../../../shared-kernel/domain-error';
import { MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE } from './picture';

/** The picture upload's wording: its refusals here, and the HTTP answers for sizes and types the server sends. */
export const PictureMessages = {
  empty: 'Choose a picture to upload',
  tooLarge: 'The picture is larger than 5 MB: save it smaller and upload it again',
  tooManyPixels: `The picture is too big: at most ${MAX_PICTURE_PIXELS / 1_000_000} million pixels and ${MAX_PICTURE_SIDE.toLocaleString('en-AU')} pixels on its longer side. Save it smaller and upload it again`,
  unsupported: 'The picture must be a PNG, JPEG or WebP image',
  sendBytes: "Send the picture's own bytes as the body, with Content-Type image/png, image/jpeg or image/webp",
} as const;

/** The picture upload's refusals, with stable codes. */
export const PictureErrors = {
  required: (): DomainError => new DomainError('picture_required', PictureMessages.empty),
  tooLarge: (): DomainError => new DomainError('picture_too_large', PictureMessages.tooLarge, 'too_large'),
  tooManyPixels: (): DomainError => new DomainError('picture_too_large', PictureMessages.tooManyPixels, 'too_large'),
  notBytes: (): DomainError => new DomainError('unsupported_media_type', PictureMessages.sendBytes, 'unsupported_media'),
  unsupported: (): DomainError => new DomainError('unsupported_picture', PictureMessages.unsupported, 'unsupported_media'),
  notFound: (): DomainError => new DomainError('not_found', 'No such picture', 'not_found'),
} as const;
