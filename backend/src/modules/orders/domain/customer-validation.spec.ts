import { CustomerFieldMessages, CustomerMessages, normalisePhone, validateCustomerInfo } from './customer-validation';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '0412 345 678',
  addressLine1: '1 Hay Street',
  addressLine2: '',
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};

describe('validateCustomerInfo', () => {
  it('returns the customer as the order records it', () => {
    expect(validateCustomerInfo({ ...valid, name: '  Ada Lovelace ', state: 'wa' })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '0412 345 678',
      addressLine1: '1 Hay Street',
      addressLine2: null,
      suburb: 'Perth',
      postCode: '6000',
      state: 'WA',
    });
  });

  it.each(['name', 'email', 'phone', 'addressLine1', 'suburb', 'postCode', 'state'] as const)(
    'names the missing required field %s',
    (field) => {
      expect(() => validateCustomerInfo({ ...valid, [field]: '  ' })).toThrow(CustomerMessages.required(field));
    },
  );

  it.each<[string, string]>([
    ['name', 'Ada\bLovelace'],
    ['email', 'ada@example.com\r\nBcc: someone@example.com'],
    ['phone', '0412\t345 678'],
    ['addressLine1', '1 Hay Street\nLevel 2'],
    ['addressLine2', 'Unit\u00004'],
    ['suburb', 'North\u2028Perth'],
    ['name', 'Ada\u0085Lovelace'],
  ])('refuses a control character in %s (%j)', (field, value) => {
    expect(() => validateCustomerInfo({ ...valid, [field]: value })).toThrow(CustomerMessages.controlCharacter(field));
  });

  it.each<[string, string, string]>([
    ['name', 'Ada\u202eecalevoL', 'U+202E'],
    ['name', 'Ada\u202aLovelace', 'U+202A'],
    ['name', '\u2066Ada\u2069 Lovelace', 'U+2066'],
    ['name', 'Ada\u200bLovelace', 'U+200B'],
    ['name', 'Ada\u200dLovelace', 'U+200D'],
    ['name', 'Ada\u200fLovelace', 'U+200F'],
    ['name', 'Ada\ufeffLovelace', 'U+FEFF'],
    ['name', 'Ada\u2060Lovelace', 'U+2060'],
    ['email', 'ada\u200b@example.com', 'U+200B'],
    ['phone', '0412\u2068345678', 'U+2068'],
    ['addressLine1', '1 Hay\u202d Street', 'U+202D'],
    ['addressLine2', 'Unit\u00ad4', 'U+00AD'],
    ['suburb', 'Perth\u202c', 'U+202C'],
    ['postCode', '60\u200e00', 'U+200E'],
    ['state', 'W\u2067A', 'U+2067'],
  ])('refuses an invisible or text-direction character in %s (%j), naming it', (field, value, codePoint) => {
    expect(() => validateCustomerInfo({ ...valid, [field]: value })).toThrow(CustomerMessages.invisibleCharacter(field, codePoint));
    expect(CustomerMessages.invisibleCharacter(field, codePoint)).toBe(
      `${field} must not hold invisible or text-direction characters (${codePoint})`,
    );
  });

  it.each<[string, string]>([
    ['name', 'Ada\u202eecalevoL'],
    ['email', 'ada\u200b@example.com'],
    ['phone', '0412\u2060345678'],
  ])('refuses it in %s of a pickup too', (field, value) => {
    const pickup = { name: valid.name, email: valid.email, phone: valid.phone, [field]: value };
    expect(() => validateCustomerInfo(pickup, 'pickup')).toThrow(/must not hold invisible or text-direction characters \(U\+20/);
  });

  it('keeps letters beyond ASCII, apostrophes and hyphens', () => {
    expect(validateCustomerInfo({ ...valid, name: "Zoë O'Brien-Nguyễn", suburb: 'Mount Lawley' }).name).toBe("Zoë O'Brien-Nguyễn");
  });

  it.each<[string, Partial<typeof valid>, string]>([
    ['a state outside the eight', { state: 'NZ' }, 'Unsupported shipping state: NZ'],
    ['a postcode of three digits', { postCode: '600' }, 'postCode 600 must be four digits, e.g. 6000'],
    ['a postcode with letters', { postCode: '60OO' }, 'postCode 60OO must be four digits, e.g. 6000'],
    ['a WA postcode for NSW', { state: 'NSW' }, 'postCode 6000 is not a NSW postcode'],
    ['a Sydney postcode for WA', { postCode: '2000' }, 'postCode 2000 is not a WA postcode'],
    ['an e-mail without a domain', { email: 'ada@' }, CustomerMessages.email],
    ['an e-mail without @', { email: 'ada.example.com' }, CustomerMessages.email],
    ['a foreign phone number', { phone: '+44 20 7946 0958' }, CustomerMessages.phone],
    ['a phone number too short', { phone: '0412 345' }, CustomerMessages.phone],
    ['a PO Box', { addressLine1: 'PO Box 123' }, CustomerMessages.streetAddress],
    ['a P.O. Box', { addressLine1: 'P.O. Box 9' }, CustomerMessages.streetAddress],
    ['a Post Office Box on line 2', { addressLine2: 'Post Office Box 7' }, CustomerMessages.streetAddress],
    ['a GPO Box', { addressLine1: 'GPO Box 1' }, CustomerMessages.streetAddress],
    ['a Parcel Locker', { addressLine1: 'Parcel Locker 1023456789' }, CustomerMessages.streetAddress],
    ['a Parcel Post address', { addressLine1: 'c/o Parcel Post, 12 Main Rd' }, CustomerMessages.streetAddress],
    ['a Parcel Collect point', { addressLine1: 'Parcel Collect 99' }, CustomerMessages.streetAddress],
    ['a locked bag', { addressLine1: 'Locked Bag 12' }, CustomerMessages.streetAddress],
    ['a PO Box in Cyrillic look-alikes', { addressLine1: 'Р.О. Вох 12' }, CustomerMessages.streetAddress],
    ...[
      'PO Box12',
      'P.O.Box12',
      'POBox12',
      'PO BOX12',
      'Р.О. Вох12',
      'Ｐ.Ｏ.Ｂｏｘ12',
      'PO-Box 12',
      'P/O Box 12',
      'P.0. Box 12',
      'p.o.b. 12',
      'Parcelocker 4',
    ].map((line): [string, Partial<typeof valid>, string] => [
      `the PO Box spelt "${line}"`,
      { addressLine1: line },
      CustomerMessages.streetAddress,
    ]),
    ['a PO Box in the suburb', { suburb: 'PO Box 12' }, CustomerMessages.streetAddress],
    ['a PO Box in Greek look-alikes', { addressLine1: 'ΡΟ Βοχ 12' }, CustomerMessages.streetAddress],
    ['a PO Box in full-width letters', { addressLine1: 'ＰＯ Ｂｏｘ 12' }, CustomerMessages.streetAddress],
    ['a PO Box with a zero-width space', { addressLine1: 'P\u200bO Box 12' }, CustomerMessages.streetAddress],
    ['a Parcel Locker with accents', { addressLine1: 'Pàrcel Lócker 1023456789' }, CustomerMessages.streetAddress],
    ['a Parcel Locker with a Cyrillic a', { addressLine2: 'Pаrcel Locker 7' }, CustomerMessages.streetAddress],
    ['an e-mail of markup', { email: '<img/src=x/onerror=alert(4)>@example.com' }, CustomerMessages.email],
    ['an e-mail with a display name', { email: 'Ada <ada@example.com>' }, CustomerMessages.email],
    ['an e-mail with a quoted local part', { email: '"ada lovelace"@example.com' }, CustomerMessages.email],
    ['an e-mail with a comment', { email: 'ada(comment)@example.com' }, CustomerMessages.email],
    ['an e-mail with two @', { email: 'ada@evil@example.com' }, CustomerMessages.email],
    ['an e-mail with a one-label domain', { email: 'ada@localhost' }, CustomerMessages.email],
    ['an e-mail with a domain label ending in a dash', { email: 'ada@example-.com' }, CustomerMessages.email],
    ['an e-mail with a comma', { email: 'ada@example.com,eve@example.com' }, CustomerMessages.email],
    [
      'an e-mail too long for SMTP',
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com` },
      CustomerMessages.email,
    ],
  ])('refuses %s', (_, change, message) => {
    expect(() => validateCustomerInfo({ ...valid, ...change })).toThrow(message);
  });

  it.each(['ada@example.com', "o'brien+beer@mail.example.com.au", 'A.Lovelace@Example.COM', 'x_y-z@sub-domain.example.org'])(
    'accepts the e-mail address %s',
    (email) => {
      expect(validateCustomerInfo({ ...valid, email }).email).toBe(email);
    },
  );

  it.each([
    ['Unit 4, 12 Boxer Street', 'WA', '6000'],
    ['12 Post Office Road', 'NSW', '2000'],
    ['3 Parcel Street', 'VIC', '3000'],
    ['1 Smith St', 'NT', '0800'],
    ['1 Northbourne Ave', 'ACT', '2600'],
    ['1 Collins St', 'TAS', '7000'],
    ['5 Box Hill Road', 'VIC', '3128'],
    ['9 Hippo Boxing Lane', 'WA', '6000'],
    ['40 Pobjoy Avenue', 'NSW', '2000'],
  ])('accepts a street address such as "%s" in %s %s', (addressLine1, state, postCode) => {
    expect(validateCustomerInfo({ ...valid, addressLine1, state, postCode }).addressLine1).toBe(addressLine1);
  });

  it('lists every problem at once', () => {
    expect(() => validateCustomerInfo({ ...valid, name: '', email: 'x' })).toThrow(
      `${CustomerMessages.required('name')}; ${CustomerMessages.email}`,
    );
  });

  it('names each refused field with what to do in plain words, for the form to show beside it', () => {
    let refusal: unknown;
    try {
      validateCustomerInfo({ ...valid, phone: '12', addressLine1: 'PO Box 12', postCode: '2000', name: '' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      code: 'invalid_customer_info',
      fields: {
        name: CustomerFieldMessages.required('name'),
        phone: CustomerFieldMessages.phone,
        addressLine1: CustomerFieldMessages.streetAddress,
        postCode: '2000 is not a postcode in WA: please check both.',
      },
    });
    expect(Object.values((refusal as { fields: Record<string, string> }).fields).join(' ')).not.toMatch(/postCode|addressLine|must be/);
  });

  it.each([
    ['0412 345 678', '0412345678'],
    ['+61 412 345 678', '0412345678'],
    ['61412345678', '0412345678'],
    ['(08) 9123-4567', '0891234567'],
  ])('reads the phone number %s as %s', (phone, digits) => {
    expect(normalisePhone(phone)).toBe(digits);
  });
});
