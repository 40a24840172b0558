import { canonicalPhone, phoneSearchForms } from './phone-number';

describe('the canonical form of a phone number', () => {
  it.each<[string, string]>([
    // A mobile, every way it is written
    ['+61 428 975 371', '0428975371'],
    ['+61428975371', '0428975371'],
    ['61 428 975 371', '0428975371'],
    ['61428975371', '0428975371'],
    ['0428 975 371', '0428975371'],
    ['0428975371', '0428975371'],
    ['428 975 371', '0428975371'],
    ['0428-975-371', '0428975371'],
    ['0428.975.371', '0428975371'],
    ['0428 – 975 – 371', '0428975371'],
    ['+61 (0)428 975 371', '0428975371'],
    ['0011 61 428 975 371', '0428975371'],
    // A Perth landline
    ['(08) 9321 1234', '0893211234'],
    ['08 9321 1234', '0893211234'],
    ['08-9321-1234', '0893211234'],
    ['+61 8 9321 1234', '0893211234'],
    ['+61 (08) 9321 1234', '0893211234'],
    ['61 8 9321 1234', '0893211234'],
    ['893 211 234', '0893211234'],
    // Another country's number keeps its country code
    ['+44 20 7946 0958', '442079460958'],
    // A local number without its area code, and text without digits
    ['9321 1234', '93211234'],
    ['', ''],
    ['call the shop', ''],
  ])('%s is %s', (written, canonical) => {
    expect(canonicalPhone(written)).toBe(canonical);
  });
});

describe('a search for a phone number, or a piece of one', () => {
  it.each<[string, string[] | null]>([
    // Whole numbers in every Australian form
    ['+61 428 975 371', ['0428975371']],
    ['61 428 975 371', ['61428975371', '0428975371']],
    ['0428 975 371', ['0428975371']],
    ['428 975 371', ['428975371']],
    ['(08) 9321 1234', ['0893211234']],
    ['08 9321 1234', ['0893211234']],
    ['08-9321-1234', ['0893211234']],
    ['08.9321.1234', ['0893211234']],
    ['+61 8 9321 1234', ['0893211234']],
    // Pieces, as typed while the caller reads the number out
    ['+61 428', ['0428']],
    ['61 428 97', ['6142897', '042897']],
    ['0428 975', ['0428975']],
    ['975 371', ['975371']],
    ['9321 1234', ['93211234']],
    // A postcode of the 61xx suburbs is not read as a country code
    ['6155', ['6155']],
    ['6148', ['6148']],
    // Not a phone number: too few digits, letters, a + inside
    ['42', null],
    ['+61', null],
    ['0428 ABC', null],
    ['Rokeby Rd', null],
    ['04+28975371', null],
  ])('%s is looked for as %j', (typed, forms) => {
    expect(phoneSearchForms(typed)).toEqual(forms);
  });

  it.each([
    ['+61 428 975 371', '0428 975 371'],
    ['61 428 975 371', '+61428975371'],
    ['0428 975 371', '61 428 975 371'],
    ['428 975 371', '0428-975-371'],
    ['975 371', '+61 428 975 371'],
    ['(08) 9321 1234', '+61 8 9321 1234'],
    ['08 9321 1234', '(08) 9321 1234'],
    ['9321 1234', '08 9321 1234'],
  ])('typed as %s, finds the number written %s', (typed, written) => {
    const forms = phoneSearchForms(typed) ?? [];
    expect(forms.some((form) => canonicalPhone(written).includes(form))).toBe(true);
  });
});
