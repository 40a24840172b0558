import { hiddenCharacterIn } from './hidden-characters';

describe('hiddenCharacterIn', () => {
  it.each([
    ['U+202A left-to-right embedding', 'Ada\u202aLovelace', 'U+202A'],
    ['U+202B right-to-left embedding', 'Ada\u202bLovelace', 'U+202B'],
    ['U+202C pop directional formatting', 'Ada\u202cLovelace', 'U+202C'],
    ['U+202D left-to-right override', 'Ada\u202dLovelace', 'U+202D'],
    ['U+202E right-to-left override', 'Ada\u202eecalevoL', 'U+202E'],
    ['U+2066 left-to-right isolate', '\u2066Ada', 'U+2066'],
    ['U+2067 right-to-left isolate', 'Ada\u2067', 'U+2067'],
    ['U+2068 first strong isolate', 'A\u2068da', 'U+2068'],
    ['U+2069 pop directional isolate', 'Ada\u2069', 'U+2069'],
    ['U+200B zero-width space', 'Ada\u200bLovelace', 'U+200B'],
    ['U+200C zero-width non-joiner', 'Ada\u200cLovelace', 'U+200C'],
    ['U+200D zero-width joiner', 'Ada\u200dLovelace', 'U+200D'],
    ['U+200E left-to-right mark', 'Ada\u200e', 'U+200E'],
    ['U+200F right-to-left mark', 'Ada\u200f', 'U+200F'],
    ['U+2060 word joiner', 'Ada\u2060Lovelace', 'U+2060'],
    ['U+FEFF byte-order mark', '\ufeffAda', 'U+FEFF'],
    ['U+00AD soft hyphen', 'Love\u00adlace', 'U+00AD'],
    ['U+061C Arabic letter mark', 'Ada\u061c', 'U+061C'],
    ['U+E0041 a tag character', 'Ada\u{e0041}', 'U+E0041'],
  ])('finds %s as invisible', (_, text, codePoint) => {
    expect(hiddenCharacterIn(text)).toEqual({ kind: 'invisible', codePoint });
    expect(hiddenCharacterIn(text, 'several')).toEqual({ kind: 'invisible', codePoint });
  });

  it.each([
    ['a NUL', 'Ada\u0000', 'U+0000'],
    ['a backspace', 'Ada\bLovelace', 'U+0008'],
    ['an escape', 'Ada\u001b[31m', 'U+001B'],
    ['a line feed', 'Ada\nLovelace', 'U+000A'],
    ['a carriage return', 'Ada\rLovelace', 'U+000D'],
    ['a tab', 'Ada\tLovelace', 'U+0009'],
    ['a delete', 'Ada\u007f', 'U+007F'],
    ['a next line (C1)', 'Ada\u0085Lovelace', 'U+0085'],
    ['a line separator', 'North\u2028Perth', 'U+2028'],
    ['a paragraph separator', 'North\u2029Perth', 'U+2029'],
  ])('finds %s as a control character in one line', (_, text, codePoint) => {
    expect(hiddenCharacterIn(text)).toEqual({ kind: 'control', codePoint });
  });

  it.each([
    ['line breaks', 'Called the customer.\r\nRefund agreed.'],
    ['a tab', 'Refund\t$5.00'],
  ])('lets %s through in text of several lines', (_, text) => {
    expect(hiddenCharacterIn(text, 'several')).toBeNull();
  });

  it.each([
    ['a NUL', 'Note\u0000', 'control'],
    ['an escape', 'Note\u001b', 'control'],
    ['a line separator', 'Note\u2028', 'control'],
    ['a right-to-left override', 'Note\u202e', 'invisible'],
  ])('finds %s in text of several lines too', (_, text, kind) => {
    expect(hiddenCharacterIn(text, 'several')?.kind).toBe(kind);
  });

  it.each([
    ['accents and apostrophes', "Zoë O'Brien-Nguyễn"],
    ['Arabic', 'علي حسن'],
    ['Hebrew', 'דוד כהן'],
    ['Chinese', '王小明'],
    ['Devanagari', 'प्रिया शर्मा'],
    ['an emoji', 'Hazy IPA 🍺'],
    ['a no-break space', 'Mount\u00a0Lawley'],
    ['an empty string', ''],
  ])('keeps %s', (_, text) => {
    expect(hiddenCharacterIn(text)).toBeNull();
  });

  it('reports the first hidden character', () => {
    expect(hiddenCharacterIn('A\u200bd\u202ea')).toEqual({ kind: 'invisible', codePoint: 'U+200B' });
  });
});
