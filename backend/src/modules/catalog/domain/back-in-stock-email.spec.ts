import { backInStockEmail, backInStockEmailKey } from './back-in-stock-email';

describe('the back-in-stock e-mail', () => {
  const input = {
    to: 'ada@example.com',
    beer: 'Hazy <IPA>',
    beerUrl: 'https://shop.example/shop/hazy-ipa',
    unsubscribeUrl: 'https://shop.example/api/back-in-stock/unsubscribe?email=ada%40example.com&sig=abc',
    shop: { brandName: 'Swan & Sand', email: 'hello@example.com' },
  };
  it.each([
    { released: false, subject: 'Hazy <IPA> is back in stock' },
    { released: true, subject: 'Hazy <IPA> is out now' },
  ])('says the beer is there, links to it and to stop these e-mails (released: $released)', ({ released, subject }) => {
    const email = backInStockEmail({ ...input, released });
    expect(email).toMatchObject({ to: 'ada@example.com', subject, kind: 'back-in-stock' });
    expect(email.text).toContain('Get yours before it goes again: https://shop.example/shop/hazy-ipa');
    expect(email.text).toContain(`Stop all back-in-stock e-mails to this address: ${input.unsubscribeUrl}`);
    expect(email.html).toContain('Hazy &#60;IPA&#62;');
    expect(email.html).toContain('href="https://shop.example/api/back-in-stock/unsubscribe?email=ada%40example.com&#38;sig=abc"');
  });
  it('is keyed by the list and the revision of the telling', () => {
    expect(backInStockEmailKey('hazy', 3)).toBe('back-in-stock-hazy-3');
  });
});
