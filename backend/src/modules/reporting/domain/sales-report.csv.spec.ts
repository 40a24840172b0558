import { csvCell, csvRow, salesReportCsv, salesReportFileName, SALES_REPORT_COLUMNS } from './sales-report.csv';
import { discountLineOf, salesLinesOf, type SoldItem } from './sales-line';
import { summariseSales } from './sales-summary';

describe('CSV cells', () => {
  it.each<[string | number | null, string]>([
    ['Quokka Pale Ale', 'Quokka Pale Ale'],
    [12, '12'],
    [null, ''],
    ['', ''],
    ['22.00', '22.00'],
    // RFC 4180: quotes, commas and line breaks are quoted, quotes doubled.
    ['Pale, Hazy', '"Pale, Hazy"'],
    ['The "Big" One', '"The ""Big"" One"'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    // Formula injection: anything a spreadsheet could evaluate starts with an apostrophe.
    ['=1+1', "'=1+1"],
    ['+61 412 345 678', "'+61 412 345 678"],
    ['-5', "'-5"],
    // A refund's negative amount in dollars and cents stays a number; anything more is text.
    ['-12.00', '-12.00'],
    ['-12.00+1', "'-12.00+1"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', '"\'\rReturn"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['=A1,B1', '"\'=A1,B1"'],
    ['Kölsch', 'Kölsch'],
    ['a=b', 'a=b'],
    ['Pale-Ale', 'Pale-Ale'],
  ])('given %j, the cell is %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('joins a row with commas', () => {
    expect(csvRow(['a', 'b,c', '=d', 1, null])).toBe('a,"b,c",\'=d,1,');
  });
});

describe('sales report CSV file', () => {
  const item = (n: number, change: Partial<SoldItem> = {}): SoldItem => ({
    id: `12-${n}`,
    productId: 'quokka',
    productName: 'Quokka Pale Ale',
    style: 'Pale Ale',
    packSize: '4pack',
    packQuantity: 4,
    packs: 2,
    quantity: 8,
    unitPriceCents: 2200,
    lineTotalCents: 4400,
    ...change,
  });

  it('is named as the spec says', () => {
    expect(salesReportFileName({ start: '2026-11-01', end: '2026-11-30' })).toBe('sales-report-2026-11-01-to-2026-11-30.csv');
  });

  it('has a header row, one row per line, a totals row, CRLF line ends and a UTF-8 byte-order mark', () => {
    const period = { start: '2026-11-22', end: '2026-11-22' };
    const lines = salesLinesOf(
      '12',
      [
        item(1),
        item(2, {
          productId: 'evil',
          productName: '=cmd|"/c calc"!A1',
          style: 'Sour, "Wild"',
          packSize: 'single',
          packQuantity: 1,
          packs: 3,
          quantity: 3,
          unitPriceCents: 650,
          lineTotalCents: 1950,
        }),
      ],
      '2026-11-22T03:00:00.000Z',
    );
    const csv = salesReportCsv(lines, summariseSales(period, lines));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = csv.slice(1).split('\r\n');
    expect(rows).toEqual([
      SALES_REPORT_COLUMNS.join(','),
      '12,2026-11-22,2026-11-22T03:00:00.000Z,Quokka Pale Ale,Pale Ale,4 Pack,2,8,22.00,44.00,Delivery',
      '12,2026-11-22,2026-11-22T03:00:00.000Z,"\'=cmd|""/c calc""!A1","Sour, ""Wild""",Single Can,3,3,6.50,19.50,Delivery',
      'Total (2 line items),,,,,,,11,,63.50,',
      '',
    ]);
  });

  it('says of each line whether its order was posted or collected at the cellar door', () => {
    const period = { start: '2026-11-22', end: '2026-11-22' };
    const lines = salesLinesOf('14', [item(1, { id: '14-1' })], '2026-11-22T03:00:00.000Z', 'pickup');
    const rows = salesReportCsv(lines, summariseSales(period, lines)).slice(1).split('\r\n');
    expect(rows[1]).toBe('14,2026-11-22,2026-11-22T03:00:00.000Z,Quokka Pale Ale,Pale Ale,4 Pack,2,8,22.00,44.00,Pickup');
  });

  it('given an order priced with a discount code, then the code is a negative line of its own and the totals row says what discounts took off', () => {
    const period = { start: '2026-11-22', end: '2026-11-22' };
    const paidAt = '2026-11-22T03:00:00.000Z';
    const discount = discountLineOf('15', { code: 'CLUB10', kind: 'percent', cents: 440, description: '10% off' }, paidAt, 1);
    const lines = [...salesLinesOf('15', [item(1, { id: '15-1' })], paidAt), ...(discount === null ? [] : [discount])];
    const rows = salesReportCsv(lines, summariseSales(period, lines)).slice(1).split('\r\n');
    expect(rows.slice(1)).toEqual([
      '15,2026-11-22,2026-11-22T03:00:00.000Z,Quokka Pale Ale,Pale Ale,4 Pack,2,8,22.00,44.00,Delivery',
      '15,2026-11-22,2026-11-22T03:00:00.000Z,"Discount (CLUB10, 10% off)",,,,0,-4.40,-4.40,',
      'Total (2 line items; discounts of 4.40 taken off),,,,,,,8,,39.60,',
      '',
    ]);
  });

  it('still has its header and a zero totals row for a period without sales', () => {
    const period = { start: '2026-11-01', end: '2026-11-02' };
    const rows = salesReportCsv([], summariseSales(period, [])).slice(1).split('\r\n');
    expect(rows).toEqual([SALES_REPORT_COLUMNS.join(','), 'Total (0 line items),,,,,,,0,,0.00,', '']);
  });
});
