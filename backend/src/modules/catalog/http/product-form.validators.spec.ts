import { requiredText } from './product-form.validators';

describe('requiredText: the product form’s text fields', () => {
  const name = requiredText('name', 120);
  const description = requiredText('description', 2000, 'several');

  it.each([
    ['U+202A', 'Quokka\u202a Pale Ale'],
    ['U+202B', 'Quokka\u202b Pale Ale'],
    ['U+202C', 'Quokka\u202c Pale Ale'],
    ['U+202D', 'Quokka\u202d Pale Ale'],
    ['U+202E', 'Quokka\u202e Pale Ale'],
    ['U+2066', 'Quokka\u2066 Pale Ale'],
    ['U+2067', 'Quokka\u2067 Pale Ale'],
    ['U+2068', 'Quokka\u2068 Pale Ale'],
    ['U+2069', 'Quokka\u2069 Pale Ale'],
    ['U+200B', 'Quokka\u200b Pale Ale'],
    ['U+200C', 'Quokka\u200c Pale Ale'],
    ['U+200D', 'Quokka\u200d Pale Ale'],
    ['U+200E', 'Quokka\u200e Pale Ale'],
    ['U+200F', 'Quokka\u200f Pale Ale'],
    ['U+2060', 'Quokka\u2060 Pale Ale'],
    ['U+FEFF', 'Quokka\ufeff Pale Ale'],
  ])('refuses %s in a name and a description', (codePoint, value) => {
    expect(name(value)).toBe(`name must not hold invisible or text-direction characters (${codePoint})`);
    expect(description(value)).toBe(`description must not hold invisible or text-direction characters (${codePoint})`);
  });

  it.each([
    ['a line break', 'Quokka\nPale Ale', 'U+000A'],
    ['a tab', 'Quokka\tPale Ale', 'U+0009'],
    ['a backspace', 'Quokka\bPale Ale', 'U+0008'],
  ])('refuses %s in a name', (_, value, codePoint) => {
    expect(name(value)).toBe(`name must be one line of text, without control characters (${codePoint})`);
  });

  it('takes line breaks and tabs in a description, and refuses other controls', () => {
    expect(description('Galaxy and Ella hops.\r\n\tPassionfruit.')).toBeNull();
    expect(description('Galaxy\u0007 hops')).toBe('description must be text without control characters (U+0007)');
  });

  it.each(['Quokka Pale Ale', 'Māori Lager 🍺', 'بيرة', ' Trimmed '])('takes %j', (value) => {
    expect(name(value)).toBeNull();
  });
});
