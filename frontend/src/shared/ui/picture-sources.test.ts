import { describe, expect, it } from 'vitest';
import { pictureSrcSet } from './picture-sources';

describe('pictureSrcSet', () => {
  const id = '0123456789abcdef0123456789abcdef';
  it('offers every served width of an uploaded picture', () => {
    expect(pictureSrcSet(`/media/${id}-512.webp`)).toBe(
      `/media/${id}-128.webp 128w, /media/${id}-256.webp 256w, /media/${id}-512.webp 512w`,
    );
  });
  it.each(['/cans/quokka-pale-ale.svg', 'https://cdn.example.com/can.png', '', null, undefined, `/media/${id}.png`])(
    'leaves %j as it is',
    (url) => {
      expect(pictureSrcSet(url)).toBeUndefined();
    },
  );
});
