/**
 * E-mail addresses as the HTML standard defines a valid one (the WHATWG "valid e-mail address": what an
 * `<input type=email>` accepts and what a mailer reads as one mailbox), with a domain of at least two labels.
 * No quotes, comments, spaces or angle brackets: `<img/src=x>@example.com` is refused here rather than read
 * one way by the shop and another by the mailer.
 */
const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** The longest address SMTP carries (RFC 5321's 254 characters in a path, less its brackets). */
const MAX_EMAIL_LENGTH = 254;

export function isEmailAddress(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && WHATWG_EMAIL.test(text);
}

/**
 * Letters of other scripts that look like Latin ones (Cyrillic and Greek capitals and small letters a reader
 * cannot tell apart from P, O, B, X...), folded to the Latin letter they look like.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  κ: 'k',
  ι: 'i',
  χ: 'x',
  υ: 'u',
  τ: 't',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');
/** Characters that draw nothing: zero-width spaces and joiners, soft hyphens, direction marks. */
const INVISIBLE = /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/gu;
/** Marks that only decorate the letter before them (accents, and the invisible combining joiner). */
const MARK = /\p{Mn}/gu;

/**
 * Text as a reader sees it, for a rule that must not be dodged by spelling: compatibility forms folded (full-width
 * letters, ligatures), accents and invisible characters dropped, look-alike Cyrillic and Greek letters read as
 * the Latin ones. "Р.О. Вох 12" in Cyrillic reads "P.O. Box 12". For checking only; what was typed is kept.
 */
export function asReadByEye(text: string): string {
  return text
    .normalize('NFKD')
    .replace(INVISIBLE, '')
    .replace(MARK, '')
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter] ?? letter);
}
