import type { CartLine } from '@brewery/shop-rules';

/** An 8 Pack line of the pack, as the cart keeps it. */
export const hazyEightPack: CartLine = {
  productId: 'rottnest-hazy-ipa',
  name: 'Rottnest Hazy IPA',
  price: 46,
  quantity: 8,
  packSize: '8pack',
  packQuantity: 8,
  imageUrl: '/cans/rottnest-hazy-ipa.svg',
};

/** Eight single cans, as the cart keeps them: with the 8 Pack, a pack of 16. */
export const kolschSingles: CartLine = {
  productId: 'kings-park-kolsch',
  name: 'Kings Park Kolsch',
  price: 6.5,
  quantity: 8,
  packSize: 'single',
  packQuantity: 1,
  imageUrl: '/cans/kings-park-kolsch.svg',
};
