import { DomainError } from '../../../shared-kernel/domain-error';
import { parseStockEmail, readStockLine } from './stock-email.parser';

describe('stock e-mail: the header', () => {
  it.each(['', '   ', '\n\n \t\n'])('given blank content %j, it asks for the text', (content) => {
    expect(() => parseStockEmail(content)).toThrow(new DomainError('stock_email_blank', 'Please enter the stock e-mail text'));
  });

  it.each(['UPDATE STOCK', 'update stock', 'Update Stock', '  UPDATE   STOCK  ', 'UPDATESTOCK', 'UPDATE STOCK:', '\n\n  UPDATE STOCK'])(
    'given the first non-blank line %j, the e-mail is read',
    (header) => {
      expect(parseStockEmail(`${header}\nQuokka Pale Ale: 120`).counts).toEqual([
        { line: 'Quokka Pale Ale: 120', lineNumber: header.split('\n').length + 1, name: 'Quokka Pale Ale', inventory: 120 },
      ]);
    },
  );

  it('refuses an e-mail longer than any stock list', () => {
    expect(() => parseStockEmail(`UPDATE STOCK\n${'Quokka Pale Ale: 1\n'.repeat(6000)}`)).toThrow(
      'The stock e-mail is too long (100,000 characters at most)',
    );
  });

  it.each(['STOCK UPDATE', 'Quokka Pale Ale: 120\nUPDATE STOCK', 'UPDATE STOCK NOW', 'Subject: UPDATE STOCK', 'UPDATE'])(
    'given %j first, it is refused',
    (content) => {
      expect(() => parseStockEmail(content)).toThrow(new DomainError('stock_email_header', 'The first line must be UPDATE STOCK'));
    },
  );
});

describe('stock e-mail: product lines', () => {
  it.each([
    ['Quokka Pale Ale: 120', 'Quokka Pale Ale', 120],
    ['quokka pale ale 120', 'quokka pale ale', 120],
    ['Quokka Pale Ale - 120', 'Quokka Pale Ale', 120],
    ['Quokka  Pale  Ale = 120', 'Quokka  Pale  Ale', 120],
    ['Quokka Pale Ale:120', 'Quokka Pale Ale', 120],
    ['Quokka Pale Ale — 120', 'Quokka Pale Ale', 120],
    ['Quokka Pale Ale: 0', 'Quokka Pale Ale', 0],
    ['Quokka Pale Ale: 120 cans', 'Quokka Pale Ale', 120],
    ['Quokka Pale Ale 1 can', 'Quokka Pale Ale', 1],
    ['Quokka Pale Ale: 1,200', 'Quokka Pale Ale', 1200],
    ['- Quokka Pale Ale: 120', 'Quokka Pale Ale', 120],
    ['* Kölsch: 48', 'Kölsch', 48],
    ['2. Pale Ale 2: 50', 'Pale Ale 2', 50],
    ['Pale Ale 2 50', 'Pale Ale 2', 50],
    ['Swan-Sand IPA 24', 'Swan-Sand IPA', 24],
    ['Swan & Sand IPA: 007', 'Swan & Sand IPA', 7],
  ])('given %j, the product is %j with %d cans', (line, name, inventory) => {
    expect(readStockLine(line, 3)).toEqual({ line, lineNumber: 3, name, inventory });
  });

  it.each([
    ['Quokka Pale Ale: -5', 'The count "-5" is not a whole number of cans, 0 or more'],
    ['Quokka Pale Ale -5', 'The count "-5" is not a whole number of cans, 0 or more'],
    ['Quokka Pale Ale: 12.5', 'The count "12.5" is not a whole number of cans, 0 or more'],
    ['Quokka Pale Ale: 1e3', 'The count "1e3" is not a whole number of cans, 0 or more'],
    ['Quokka Pale Ale: 12,00', 'The count "12,00" is not a whole number of cans, 0 or more'],
    ['Quokka Pale Ale: 99999999999999999999', 'The count "99999999999999999999" is too large'],
    ['Quokka Pale Ale', 'No count found after "Quokka Pale Ale": expected a product name followed by a count'],
    ['Thanks, Dave', 'No count found after "Thanks, Dave": expected a product name followed by a count'],
    ['Quokka Pale Ale:', 'Expected a product name followed by a count, e.g. "Quokka Pale Ale: 120"'],
    ['120', 'Expected a product name followed by a count, e.g. "Quokka Pale Ale: 120"'],
    [': 120', 'Expected a product name followed by a count, e.g. "Quokka Pale Ale: 120"'],
  ])('given %j, nothing is read: %s', (line, reason) => {
    expect(readStockLine(line, 2)).toEqual({ line, lineNumber: 2, reason });
  });

  it('skips blank lines, numbers lines as written and counts every product line', () => {
    const parsed = parseStockEmail('UPDATE STOCK\r\n\r\nQuokka Pale Ale: 120\r\n   \r\nWombat Stout: lots\r\nKolsch = 48\r\n');
    expect(parsed.totalLines).toBe(3);
    expect(parsed.counts).toEqual([
      { line: 'Quokka Pale Ale: 120', lineNumber: 3, name: 'Quokka Pale Ale', inventory: 120 },
      { line: 'Kolsch = 48', lineNumber: 6, name: 'Kolsch', inventory: 48 },
    ]);
    expect(parsed.unreadable).toEqual([
      {
        line: 'Wombat Stout: lots',
        lineNumber: 5,
        reason: 'No count found after "Wombat Stout lots": expected a product name followed by a count',
      },
    ]);
  });

  it('reads a header alone as no lines', () => {
    expect(parseStockEmail('UPDATE STOCK')).toEqual({ counts: [], unreadable: [], totalLines: 0 });
  });
});
