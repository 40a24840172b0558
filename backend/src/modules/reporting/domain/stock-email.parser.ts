import type { UnmatchedStockLine } from '@brewery/shop-rules';
import { ReportingErrors } from './reporting.errors';

/** A line that names a product and gives a whole number of cans. */
export interface StockCountLine {
  /** The line as the operator wrote it (trimmed), for the report. */
  line: string;
  /** 1-based, counting every line of the e-mail. */
  lineNumber: number;
  name: string;
  inventory: number;
}

/** A line that could not be read; nothing is changed for it. */

export interface ParsedStockEmail {
  counts: StockCountLine[];
  unreadable: UnmatchedStockLine[];
  /** Every non-blank line after the header: the Y of 'Updated X of Y products'. */
  totalLines: number;
}

/** Far more than a stock list of any brewery; a bound on the work one request can ask for. */
export const MAX_STOCK_EMAIL_LENGTH = 100_000;
const HEADER = /^update\s*stock\s*:?$/i;
/** Name, a separator (`:`, `=`, a dash between spaces, or just spaces), then the count as the last word. */
const NAME_AND_COUNT = /^(.+?)(?:\s*[:=]\s*|\s+[-–—]\s+|\s+)([^\s:=]+)$/u;
const BULLET = /^(?:[-*•]|\d+[.)])\s+/u;
const CANS_WORD = /\s+cans?\.?$/i;
const WHOLE_NUMBER = /^(?:\d+|\d{1,3}(?:,\d{3})+)$/;

/**
 * Reads the operator's 'UPDATE STOCK' e-mail: the first non-blank line must say UPDATE STOCK (any case or
 * spacing), then each line gives a product name and a count ('Quokka Pale Ale: 120', 'quokka pale ale 120',
 * 'Quokka Pale Ale - 120', 'Quokka  Pale  Ale = 120'). Blank lines are skipped.
 */
export function parseStockEmail(content: string): ParsedStockEmail {
  if (content.trim() === '') throw ReportingErrors.stockEmailBlank();
  if (content.length > MAX_STOCK_EMAIL_LENGTH) throw ReportingErrors.stockEmailTooLong(MAX_STOCK_EMAIL_LENGTH);
  const lines = content
    .split(/\r\n|\r|\n/)
    .map((text, index) => ({ text: text.trim(), lineNumber: index + 1 }))
    .filter((l) => l.text !== '');
  const [header, ...rest] = lines;
  if (header === undefined || !HEADER.test(header.text)) throw ReportingErrors.stockEmailHeader();
  const counts: StockCountLine[] = [];
  const unreadable: UnmatchedStockLine[] = [];
  for (const { text, lineNumber } of rest) {
    const read = readStockLine(text, lineNumber);
    if ('reason' in read) unreadable.push(read);
    else counts.push(read);
  }
  return { counts, unreadable, totalLines: rest.length };
}

export function readStockLine(line: string, lineNumber: number): StockCountLine | UnmatchedStockLine {
  const text = line.replace(BULLET, '').replace(CANS_WORD, '');
  const match = NAME_AND_COUNT.exec(text);
  const name = match?.[1]?.trim() ?? '';
  const count = match?.[2] ?? '';
  if (match === null || !/[\p{L}\p{N}]/u.test(name))
    return { line, lineNumber, reason: 'Expected a product name followed by a count, e.g. "Quokka Pale Ale: 120"' };
  if (!/\d/.test(count))
    return { line, lineNumber, reason: `No count found after "${name} ${count}": expected a product name followed by a count` };
  if (!WHOLE_NUMBER.test(count)) return { line, lineNumber, reason: `The count "${count}" is not a whole number of cans, 0 or more` };
  const inventory = Number(count.replace(/,/g, ''));
  if (!Number.isSafeInteger(inventory)) return { line, lineNumber, reason: `The count "${count}" is too large` };
  return { line, lineNumber, name, inventory };
}
