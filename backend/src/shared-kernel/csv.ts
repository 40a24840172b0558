/** Characters that make a spreadsheet read a cell as a formula (or hide what follows them). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative amount in dollars and cents (a refund's line): a number to a spreadsheet, not a formula. */
const NEGATIVE_AMOUNT = /^-\d+\.\d{2}$/;
const NEEDS_QUOTES = /[",\r\n]/;
/** RFC 4180 line ends. */
export const CRLF = '\r\n';
/** Excel opens a UTF-8 file as Windows-1252 unless it starts with a byte-order mark (Kölsch would read "KÃ¶lsch"). */
export const UTF8_BOM = '\uFEFF';

/**
 * One cell, safe to open in a spreadsheet: a value starting with `=`, `+`, `-`, `@`, tab or carriage return
 * gets a leading `'` so it stays text (CSV formula injection), then RFC 4180 quoting when it holds a quote,
 * comma or line break.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const inert = FORMULA_START.test(text) && !NEGATIVE_AMOUNT.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

export function csvRow(cells: readonly (string | number | null)[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole CSV file: a byte-order mark, the rows, CRLF after each. */
export function csvFile(rows: readonly (readonly (string | number | null)[])[]): string {
  return `${UTF8_BOM}${rows.map(csvRow).join(CRLF)}${CRLF}`;
}
