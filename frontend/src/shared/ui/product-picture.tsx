import type { ImgHTMLAttributes } from 'react';
import { pictureSrcSet } from './picture-sources';

export type ProductPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet'> & { src: string };

/** A beer's picture: an uploaded one offers every width it is served at (`srcset`), for `sizes` to choose from. */
export function ProductPicture({ src, ...rest }: ProductPictureProps) {
  return <img src={src} srcSet={pictureSrcSet(src)} {...rest} />;
}
