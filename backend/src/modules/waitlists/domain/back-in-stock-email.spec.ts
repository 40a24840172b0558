import { backInStockConfirmEmail, backInStockConfirmEmailKey, backInStockEmail, backInStockEmailKey } from './back-in-stock-email';

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

describe('the confirmation e-mail', () => {
  const input = {
    to: 'ada@example.com',
    beer: 'Hazy <IPA>',
    confirmUrl: 'https://shop.example/api/back-in-stock/confirm?beer=hazy&email=ada%40example.com&sent=1&sig=abc',
    hours: 48,
    shop: { brandName: 'Swan & Sand', email: 'hello@example.com' },
  };
  it('asks the address to confirm by its link, says how long it works, and that nothing more comes without it', () => {
    const email = backInStockConfirmEmail(input);
    expect(email).toMatchObject({
      to: 'ada@example.com',
      subject: 'Please confirm: e-mail me when Hazy <IPA> is on sale',
      kind: 'back-in-stock-confirm',
    });
    expect(email.text).toContain(`Confirm it's you and we'll tell you once: ${input.confirmUrl}`);
    expect(email.text).toContain('The link works for 48 hours.');
    expect(email.text).toContain('this address is not added to any list unless Confirm is pressed on the page the link opens');
    expect(email.html).toContain('Hazy &#60;IPA&#62;');
    expect(email.html).toContain(
      'href="https://shop.example/api/back-in-stock/confirm?beer=hazy&#38;email=ada%40example.com&#38;sent=1&#38;sig=abc"',
    );
  });
  it('is keyed by the list and the revision of the sign-up or re-send', () => {
    expect(backInStockConfirmEmailKey('hazy', 4)).toBe('back-in-stock-confirm-hazy-4');
  });
});
