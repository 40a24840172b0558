import { aLine } from './catalog.fixture';
import { sanitizeStoredCart } from './stored-cart';

const fourPack = { ...aLine(), packSize: '4pack', packQuantity: 4, quantity: 8, price: 48 };

describe('sanitizeStoredCart', () => {
  it('given well-formed lines, keeps them', () => {
    expect(sanitizeStoredCart([aLine(), fourPack])).toEqual([aLine(), fourPack]);
  });

  it('given the JSON text from storage, parses it', () => {
    expect(sanitizeStoredCart(JSON.stringify([aLine({ quantity: 2 })]))).toEqual([aLine({ quantity: 2 })]);
  });

  it.each<[string, unknown]>([
    ['nothing stored', null],
    ['undefined', undefined],
    ['broken JSON', '[{"productId":'],
    ['an object', { productId: 'x' }],
    ['a number', 42],
  ])('given %s, starts an empty cart', (_case, raw) => {
    expect(sanitizeStoredCart(raw)).toEqual([]);
  });

  const { packSize: _packSize, ...withoutPackSize } = aLine();
  const { packQuantity: _packQuantity, ...withoutPackQuantity } = aLine();
  const { productId: _productId, ...withoutProductId } = aLine();

  it.each<[string, unknown]>([
    ['a line without packSize (older shop)', withoutPackSize],
    ['a line without packQuantity (older shop)', withoutPackQuantity],
    ['a line without productId', withoutProductId],
    ['an empty productId', { ...aLine(), productId: '' }],
    ['an unknown pack size', { ...aLine(), packSize: '6pack', packQuantity: 6 }],
    ['a pack quantity that does not match its size', { ...fourPack, packQuantity: 8 }],
    ['a pack line that is not whole packs', { ...fourPack, quantity: 6 }],
    ['a quantity of 0', { ...aLine(), quantity: 0 }],
    ['a negative quantity', { ...aLine(), quantity: -1 }],
    ['a fractional quantity', { ...aLine(), quantity: 1.5 }],
    ['a quantity as text', { ...aLine(), quantity: '2' }],
    ['a negative price', { ...aLine(), price: -1 }],
    ['a price that is not a number', { ...aLine(), price: 'free' }],
    ['a missing name', { ...aLine(), name: undefined }],
    ['null', null],
    ['a string', 'hazy-ipa'],
  ])('given %s, drops that line and keeps the rest', (_case, bad) => {
    expect(sanitizeStoredCart([bad, aLine()])).toEqual([aLine()]);
  });

  it('given a line without an image, keeps it with no image', () => {
    const { imageUrl: _imageUrl, ...withoutImage } = aLine();
    expect(sanitizeStoredCart([withoutImage])).toEqual([aLine({ imageUrl: '' })]);
  });

  it('given extra fields, keeps only the cart line fields', () => {
    expect(sanitizeStoredCart([{ ...aLine(), secret: 'x' }])).toEqual([aLine()]);
  });

  it('given two lines of the same product and size, merges them', () => {
    expect(sanitizeStoredCart([aLine({ quantity: 2 }), fourPack, aLine({ quantity: 3 }), fourPack])).toEqual([
      aLine({ quantity: 5 }),
      { ...fourPack, quantity: 16, price: 96 },
    ]);
  });
});
