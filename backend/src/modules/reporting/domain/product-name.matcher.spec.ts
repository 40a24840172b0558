import { matchProductName, productNameKey } from './product-name.matcher';

describe('product name matching', () => {
  it.each([
    ['Quokka Pale Ale', 'quokka pale ale'],
    ['Quokka Pale Ale', 'QUOKKA  PALE   ALE'],
    ['Quokka Pale Ale', 'QuokkaPaleAle'],
    ['Kölsch', 'Kolsch'],
    ['Crème Brûlée Stout', 'creme brulee stout'],
    ['Swan & Sand IPA', 'Swan and Sand IPA'],
    ['Swan-Sand IPA', 'Swan Sand IPA'],
    ["Dad's Lager", 'Dads Lager'],
    ['Ｆｕｌｌ Ｗｉｄｔｈ', 'Full Width'],
  ])('%j and %j are the same name', (a, b) => {
    expect(productNameKey(a)).toBe(productNameKey(b));
  });

  it.each([
    ['Quokka Pale Ale', 'Quokka Pale'],
    ['Pale Ale 2', 'Pale Ale 3'],
    ['Kölsch', 'Kolsche'],
  ])('%j and %j are different names', (a, b) => {
    expect(productNameKey(a)).not.toBe(productNameKey(b));
  });

  const quokka = { productId: 'quokka', name: 'Quokka Pale Ale' };
  const kolsch = { productId: 'kolsch', name: 'Kölsch' };
  const kolschAgain = { productId: 'kolsch-2', name: 'Kolsch' };

  it.each([
    ['quokka pale ale', [quokka, kolsch], { kind: 'matched', product: quokka }],
    ['KOLSCH', [quokka, kolsch], { kind: 'matched', product: kolsch }],
    ['Wombat Stout', [quokka, kolsch], { kind: 'none' }],
    ['Quokka', [quokka, kolsch], { kind: 'none' }],
    ['!!!', [quokka, kolsch], { kind: 'none' }],
    ['Kolsch', [quokka, kolsch, kolschAgain], { kind: 'ambiguous', candidates: [kolsch, kolschAgain] }],
  ])('given %j among the products, the match is as expected', (name, products, expected) => {
    expect(matchProductName(name, products)).toEqual(expected);
  });
});
