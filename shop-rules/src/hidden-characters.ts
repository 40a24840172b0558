/**
 * Characters that show nothing, or change how the text around them reads, in a person's free text (a name, an
 * address, who collected an order, a beer's name, a note): what the admin, a label, an invoice or an e-mail shows
 * would differ from what was typed. "Ada\u202Eecalevol" shows as "Adalovelace" reversed; "Ada\u200BLovelace" looks like
 * "AdaLovelace" and matches nothing.
 *
 * - `control`: the C0 and C1 controls (Cc: NUL, backspace, escape, line breaks, tabs…) and the line and paragraph
 *   separators (U+2028, U+2029). Text of several lines may hold line breaks and tabs.
 * - `invisible`: every format character (Cf): the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 *   U+2066-U+2069), zero-width spaces, joiners and direction marks (U+200B-U+200F), the word joiner and invisible
 *   operators (U+2060-U+2064), the byte-order mark (U+FEFF), the soft hyphen, and the rest of the category.
 */
export interface HiddenCharacter {
  kind: 'control' | 'invisible';
  /** As a person looks it up: `U+202E`. */
  codePoint: string;
}

const HIDDEN_IN_A_LINE = /[\p{Cc}\u2028\u2029]|\p{Cf}/u;
const HIDDEN_IN_LINES = /(?![\t\n\r])[\p{Cc}\u2028\u2029]|\p{Cf}/u;
const FORMAT = /^\p{Cf}$/u;

/** The first character of `text` a person's free text may not hold, or null; `lines: 'several'` lets line breaks and tabs through. */
export function hiddenCharacterIn(text: string, lines: 'one' | 'several' = 'one'): HiddenCharacter | null {
  const found = (lines === 'one' ? HIDDEN_IN_A_LINE : HIDDEN_IN_LINES).exec(text)?.[0];
  if (found === undefined) return null;
  const codePoint = `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return { kind: FORMAT.test(found) ? 'invisible' : 'control', codePoint };
}

/** What to tell whoever typed it, after the field's name: "must not hold invisible or text-direction characters (U+202E)". */
export function invisibleCharacterRule(codePoint: string): string {
  return `must not hold invisible or text-direction characters (${codePoint})`;
}
