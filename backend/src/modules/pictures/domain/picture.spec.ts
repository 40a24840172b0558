import { parseVariantName, pictureDecider, pictureUrl, type PictureEvent, type PictureUploaded } from './picture';
import { DeciderSpecification } from '../../../shared-kernel/decider-specification';

const upload: PictureUploaded['data'] = {
  pictureId: '0123456789abcdef0123456789abcdef',
  format: 'png',
  width: 600,
  height: 1000,
  bytes: 12345,
  fileName: 'can.png',
  variants: [{ width: 128, height: 213, bytes: 900, url: '/media/0123456789abcdef0123456789abcdef-128.webp' }],
};

const pictures = DeciderSpecification.for(pictureDecider);
const uploaded: PictureEvent = { type: 'PictureUploaded', data: upload };

describe('pictureDecider', () => {
  it('given no upload of these bytes, when they are uploaded, then the picture is recorded', () => {
    pictures.given([]).when({ type: 'RecordUpload', upload }).then([uploaded]);
  });

  it('given the same bytes uploaded before, when they are uploaded again, then nothing new is recorded', () => {
    pictures.given([uploaded]).when({ type: 'RecordUpload', upload }).then([]);
  });
});

describe('picture file names', () => {
  it.each<[string, ReturnType<typeof parseVariantName>]>([
    ['0123456789abcdef0123456789abcdef-128.webp', { pictureId: '0123456789abcdef0123456789abcdef', width: 128 }],
    ['0123456789abcdef0123456789abcdef-512.webp', { pictureId: '0123456789abcdef0123456789abcdef', width: 512 }],
    ['0123456789abcdef0123456789abcdef-300.webp', null],
    ['0123456789ABCDEF0123456789abcdef-128.webp', null],
    ['0123456789abcdef0123456789abcdef-128.png', null],
    ['../0123456789abcdef0123456789abcdef-128.webp', null],
    ['0123456789abcdef0123456789abcdef.png', null],
  ])('%s reads as %j', (name, expected) => {
    expect(parseVariantName(name)).toEqual(expected);
  });

  it('a picture address names its width and its hash', () => {
    expect(pictureUrl('0123456789abcdef0123456789abcdef', 256)).toBe('/media/0123456789abcdef0123456789abcdef-256.webp');
  });
});
