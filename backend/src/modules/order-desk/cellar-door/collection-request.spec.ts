import { DomainError } from '../../../shared-kernel/domain-error';
import { parseCollection } from './collection-request';

const checked = { idChecked: true, idType: 'passport' };

function refusal(collectedBy: unknown): DomainError {
  try {
    parseCollection({ ...checked, collectedBy });
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(collectedBy)} was taken`);
}

describe('parseCollection: who collected the order', () => {
  it.each([
    ['a right-to-left override', 'Grace\u202eHopper', 'U+202E'],
    ['a left-to-right embedding', '\u202aGrace Hopper', 'U+202A'],
    ['a pop directional formatting', 'Grace Hopper\u202c', 'U+202C'],
    ['a right-to-left isolate', 'Grace \u2067Hopper', 'U+2067'],
    ['a pop directional isolate', 'Grace \u2069Hopper', 'U+2069'],
    ['a zero-width space', 'Grace\u200bHopper', 'U+200B'],
    ['a zero-width joiner', 'Grace\u200dHopper', 'U+200D'],
    ['a right-to-left mark', 'Grace\u200f Hopper', 'U+200F'],
    ['a word joiner', 'Grace\u2060Hopper', 'U+2060'],
    ['a byte-order mark inside', 'Grace\ufeffHopper', 'U+FEFF'],
  ])('refuses %s, naming it', (_, collectedBy, codePoint) => {
    expect(refusal(collectedBy)).toMatchObject({
      code: 'invalid_collected_by',
      message: `collectedBy must not hold invisible or text-direction characters (${codePoint}): type the name again`,
    });
  });

  it.each([
    ['a line break', 'Grace\nHopper'],
    ['a tab', 'Grace\tHopper'],
    ['a NUL', 'Grace\u0000'],
    ['an escape', 'Grace\u001b[2J'],
    ['a name of 201 characters', 'G'.repeat(201)],
    ['a number', 12],
  ])('refuses %s as not a name on one line', (_, collectedBy) => {
    expect(refusal(collectedBy).code).toBe('invalid_collected_by');
  });

  it.each([
    [' Grace Hopper ', 'Grace Hopper'],
    ['Zoë O’Brien-Nguyễn', 'Zoë O’Brien-Nguyễn'],
    ['علي حسن', 'علي حسن'],
    ['', null],
    [null, null],
  ])('takes %j as %j', (collectedBy, expected) => {
    expect(parseCollection({ ...checked, collectedBy }).collectedBy).toBe(expected);
  });
});
