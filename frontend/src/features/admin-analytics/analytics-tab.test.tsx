import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AnalyticsTab } from './analytics-tab';
import { BarChart, ColumnChart } from './bar-charts';
import { REPORT_CARDS_QUERY } from './sales-report-card';
import type { SalesReportLine, SalesReportSummary } from './api/sales-report';

/** The JSON body a request sent. */
function sentJson(init: RequestInit | undefined): unknown {
  return JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
}

const stockLevels = [
  { productId: 'a', name: 'Quokka Pale Ale', inventory: 0, reserved: 0, available: 0 },
  { productId: 'b', name: 'Swan River Lager', inventory: 5, reserved: 0, available: 5 },
  { productId: 'c', name: 'Kimberley Red', inventory: 6, reserved: 2, available: 4 },
  { productId: 'd', name: 'Rottnest Wheat', inventory: 10, reserved: 0, available: 10 },
  { productId: 'e', name: 'Margaret River IPA', inventory: 11, reserved: 0, available: 11 },
];

function aLine(overrides: Partial<SalesReportLine>): SalesReportLine {
  return {
    id: '1001-1',
    orderId: '1001',
    orderNumber: 1001,
    paidAt: '2026-11-02T03:00:00.000Z',
    date: '2026-11-02',
    productId: 'a',
    productName: 'Quokka Pale Ale',
    style: 'Pale Ale',
    packSize: '4pack',
    packQuantity: 4,
    packs: 2,
    quantity: 8,
    unitPrice: '24.00',
    lineTotal: '48.00',
    ...overrides,
  };
}

const lines: SalesReportLine[] = [
  aLine({}),
  aLine({
    id: '1002-1',
    orderId: '1002',
    orderNumber: 1002,
    date: '2026-11-03',
    productId: 'b',
    productName: 'Swan River Lager',
    packSize: 'single',
    packQuantity: 1,
    packs: 4,
    quantity: 4,
    unitPrice: '6.50',
    lineTotal: '26.00',
  }),
];

const summary: SalesReportSummary = {
  lineItems: 2,
  totalCans: 12,
  totalRevenue: '74.00',
  discounts: '0.00',
  revenueByDay: [
    { day: '2026-11-02', revenue: '48.00' },
    { day: '2026-11-03', revenue: '26.00' },
  ],
  cansByBeer: [
    { productName: 'Swan River Lager', cans: 4 },
    { productName: 'Quokka Pale Ale', cans: 8 },
  ],
};

function renderTab(extra: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ 'GET /api/admin/stock-levels': { body: stockLevels }, ...extra });
  const user = userEvent.setup();
  renderWithProviders(<AnalyticsTab />);
  return { fetchMock, user };
}

function postBody(fetchMock: ReturnType<typeof stubApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input, init]) => requestUrl(input) === path && init?.method === 'POST');
  return call === undefined ? undefined : sentJson(call[1]);
}

/** The Idempotency-Key of every daily e-mail request sent, in order. */
function dailyEmailKeys(fetchMock: ReturnType<typeof stubApi>): (string | null)[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => requestUrl(input) === '/api/admin/analytics/send-daily-email' && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

async function setPeriod(user: ReturnType<typeof userEvent.setup>, start: string, end: string) {
  for (const [label, value] of [
    ['Start date', start],
    ['End date', end],
  ] as const) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value !== '') await user.type(input, value);
  }
}

describe('analytics tab: stock levels', () => {
  it('shows what can be sold beside the stock figure on every card', async () => {
    renderTab();
    const list = await screen.findByRole('list', { name: 'Stock levels' });
    const card = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((item) => within(item).queryByText(name) !== null) as HTMLElement;
    expect(card('Kimberley Red')).toHaveTextContent('6 cans4 available · 2 reserved');
    expect(card('Rottnest Wheat')).toHaveTextContent('10 cans10 available');
  });

  it.each([
    { name: 'Quokka Pale Ale', level: 'CRITICAL' },
    { name: 'Swan River Lager', level: 'CRITICAL' },
    // 6 in stock but 2 held: 4 can be sold
    { name: 'Kimberley Red', level: 'CRITICAL' },
    { name: 'Rottnest Wheat', level: 'LOW' },
    { name: 'Margaret River IPA', level: 'OK' },
  ])('$name shows $level', async ({ name, level }) => {
    renderTab();
    const list = await screen.findByRole('list', { name: 'Stock levels' });
    const card = within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText(name) !== null);
    expect(card).toBeDefined();
    expect(within(card as HTMLElement).getByText(level)).toBeInTheDocument();
  });
});

describe('analytics tab: daily e-mail and stock e-mail', () => {
  it('sends the daily analytics e-mail and toasts "Daily analytics email sent successfully"', async () => {
    const { user, fetchMock } = renderTab({ 'POST /api/admin/analytics/send-daily-email': { body: { message: 'sent' } } });
    await user.click(screen.getByRole('button', { name: /Send Daily Analytics Email/ }));
    expect(await screen.findByText('Daily analytics email sent successfully')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/analytics/send-daily-email', expect.objectContaining({ method: 'POST' }));
  });

  it('sends a new Idempotency-Key with each press of the button', async () => {
    const { user, fetchMock } = renderTab({ 'POST /api/admin/analytics/send-daily-email': { body: { message: 'sent' } } });
    const button = screen.getByRole('button', { name: /Send Daily Analytics Email/ });
    await user.click(button);
    await waitFor(() => expect(dailyEmailKeys(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(dailyEmailKeys(fetchMock)).toHaveLength(2));
    const [first, second] = dailyEmailKeys(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('retries a request whose answer was lost with the same Idempotency-Key, so the e-mail goes once', async () => {
    let calls = 0;
    const { user, fetchMock } = renderTab({
      'POST /api/admin/analytics/send-daily-email': () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(new Response(JSON.stringify({ message: 'sent' }), { status: 200 }));
      },
    });
    await user.click(screen.getByRole('button', { name: /Send Daily Analytics Email/ }));
    expect(await screen.findByText('Daily analytics email sent successfully', undefined, { timeout: 5000 })).toBeInTheDocument();
    const keys = dailyEmailKeys(fetchMock);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('does not retry a refusal from the server', async () => {
    const { user, fetchMock } = renderTab({
      'POST /api/admin/analytics/send-daily-email': {
        status: 400,
        body: { statusCode: 400, message: 'Idempotency-Key must be 1 to 200 printable characters' },
      },
    });
    await user.click(screen.getByRole('button', { name: /Send Daily Analytics Email/ }));
    expect(await screen.findByText(/Idempotency-Key must be 1 to 200 printable characters/)).toBeInTheDocument();
    expect(dailyEmailKeys(fetchMock)).toHaveLength(1);
  });

  it('refuses a blank stock e-mail without calling the server', async () => {
    const { user, fetchMock } = renderTab();
    await user.click(screen.getByLabelText('Stock email'));
    await user.paste('   ');
    await user.click(screen.getByRole('button', { name: 'Update Stock' }));
    expect(await screen.findByText('Please paste the stock update email')).toBeInTheDocument();
    expect(postBody(fetchMock, '/api/admin/parse-stock-email')).toBeUndefined();
  });

  it('posts the stock e-mail, toasts "Updated X of Y products" and lists the lines it could not match', async () => {
    const email = 'UPDATE STOCK\nQuokka Pale Ale: 120\nMystery Stout 12';
    const { user, fetchMock } = renderTab({
      'POST /api/admin/parse-stock-email': {
        body: {
          successCount: 1,
          totalUpdates: 2,
          unmatched: [{ line: 'Mystery Stout 12', lineNumber: 3, reason: 'No product is named "Mystery Stout"' }],
          updates: [{ productId: 'a', name: 'Quokka Pale Ale', previous: 80, inventory: 120, changed: true }],
        },
      },
    });
    await user.click(screen.getByLabelText('Stock email'));
    await user.paste(email);
    await user.click(screen.getByRole('button', { name: 'Update Stock' }));
    expect((await screen.findAllByText('Updated 1 of 2 products')).length).toBeGreaterThan(0);
    expect(postBody(fetchMock, '/api/admin/parse-stock-email')).toEqual({ emailContent: email });
    const unmatched = screen.getByRole('list', { name: 'Lines that matched no product' });
    expect(within(unmatched).getByRole('listitem')).toHaveTextContent('Line 3: Mystery Stout 12 (No product is named "Mystery Stout")');
    expect(screen.getByRole('list', { name: 'Stock updated' })).toHaveTextContent('Quokka Pale Ale: 80 → 120 cans');
  });
});

describe('analytics tab: sales report', () => {
  let clicked: { download: string; href: string }[];
  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    { start: '', end: '2026-11-30' },
    { start: '2026-11-01', end: '' },
  ])('needs both dates (start "$start", end "$end") before generating or exporting', async ({ start, end }) => {
    const { user, fetchMock } = renderTab();
    await setPeriod(user, start, end);
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Please select both a start date and an end date')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Export to CSV/ }));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('generates the report: toast with the line count, summary, table and both charts with their figures', async () => {
    const { user, fetchMock } = renderTab({
      'POST /api/admin/sales-report': { body: lines },
      'POST /api/admin/sales-report/summary': { body: summary },
    });
    await setPeriod(user, '2026-11-01', '2026-11-03');
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));

    expect(await screen.findByText('Generated sales report with 2 line items')).toBeInTheDocument();
    expect(postBody(fetchMock, '/api/admin/sales-report')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-03' });
    expect(screen.getByText('Total cans').closest('.ant-statistic')).toHaveTextContent('12');
    expect(screen.getByText('Total revenue').closest('.ant-statistic')).toHaveTextContent('$74.00');
    expect(screen.getByText('Line items').closest('.ant-statistic')).toHaveTextContent('2');

    const revenue = screen.getByRole('img', { name: 'Revenue per day' });
    expect(revenue).toHaveAccessibleDescription(
      'Revenue per day from 2026-11-01 to 2026-11-03: $74.00 in total, highest $48.00 on 2026-11-02.',
    );
    const revenueTable = screen.getByRole('table', { name: 'Revenue per day' });
    expect(
      within(revenueTable)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayRevenue', '2026-11-01$0.00', '2026-11-02$48.00', '2026-11-03$26.00']);
    const beers = screen.getByRole('table', { name: 'Cans sold per beer' });
    expect(
      within(beers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['BeerCans', 'Quokka Pale Ale8 cans', 'Swan River Lager4 cans']);
    expect(screen.getByRole('img', { name: 'Cans sold per beer' })).toBeInTheDocument();
    expect(screen.getByText('#1001').closest('tr')).toHaveTextContent('#10012026-11-02Quokka Pale Ale2 × 4 Pack8$24.00$48.00');
    expect(screen.getByText('#1002').closest('tr')).toHaveTextContent('4 × Single Can4$6.50$26.00');
  });

  it('given an order priced with a discount code, shows its line (no beer, no cans) and the discounts beside the total', async () => {
    const discount = aLine({
      id: '1001-discount',
      productId: '',
      productName: 'Discount (CLUB10, 10% off)',
      style: '',
      packSize: 'single',
      packQuantity: 1,
      packs: 0,
      quantity: 0,
      unitPrice: '-4.80',
      lineTotal: '-4.80',
      discount: true,
    });
    const { user } = renderTab({
      'POST /api/admin/sales-report': { body: [...lines, discount] },
      'POST /api/admin/sales-report/summary': {
        body: { ...summary, lineItems: 3, totalRevenue: '69.20', discounts: '4.80' } satisfies SalesReportSummary,
      },
    });
    await setPeriod(user, '2026-11-01', '2026-11-03');
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Discount (CLUB10, 10% off)')).toBeInTheDocument();
    expect(screen.getByText('Discount (CLUB10, 10% off)').closest('tr')).toHaveTextContent(
      '#10012026-11-02Discount (CLUB10, 10% off)—0-$4.80-$4.80',
    );
    expect(screen.getByText('Discounts (taken off)').closest('.ant-statistic')).toHaveTextContent('$4.80');
    expect(screen.getByText('Total revenue').closest('.ant-statistic')).toHaveTextContent('$69.20');
    const note = screen.getByText('How this differs from the GST summary:').closest('p');
    expect(note).toHaveTextContent('what a code took off the beer is a negative line of its own');
    expect(note).toHaveTextContent('the lines less discounts and refunds make the total');
  });

  it('says how the report differs from the GST summary: beer only, refunds up to the beer, both by the day paid', async () => {
    const { user } = renderTab({
      'POST /api/admin/sales-report': { body: lines },
      'POST /api/admin/sales-report/summary': { body: summary },
    });
    await setPeriod(user, '2026-11-01', '2026-11-03');
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    const note = (await screen.findByText('How this differs from the GST summary:')).closest('p');
    expect(note).toHaveTextContent('Beer only: shipping is left out, and a refund comes off only up to the beer it paid for.');
    expect(note).toHaveTextContent(
      'The GST summary counts whole orders as charged (after their discount codes), shipping included, and every refund in full',
    );
    expect(note).toHaveTextContent('Both count a sale on the Perth day it was paid and a refund on the day it was made');
  });

  it('on a phone, shows each line as a card with every figure (order, day, beer, bought, cans, prices), refunds without cans', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...desktop(query), matches: query === REPORT_CARDS_QUERY }));
    try {
      const refund = aLine({
        id: '1001-refund-re_1',
        productId: '',
        productName: 'Refund: dented can',
        packs: 0,
        quantity: 0,
        unitPrice: '-6.00',
        lineTotal: '-6.00',
        refund: true,
      });
      const { user } = renderTab({
        'POST /api/admin/sales-report': { body: [...lines, refund] },
        'POST /api/admin/sales-report/summary': { body: summary },
      });
      await setPeriod(user, '2026-11-01', '2026-11-03');
      await user.click(screen.getByRole('button', { name: 'Generate Report' }));
      const card = await screen.findByRole('article', { name: 'Order #1001, Quokka Pale Ale' });
      expect(card).toHaveTextContent('#10012026-11-02Quokka Pale AleBought2 × 4 PackCans8Unit price$24.00Line total$48.00');
      expect(screen.getByRole('article', { name: 'Order #1002, Swan River Lager' })).toHaveTextContent('Bought4 × Single Can');
      const refunded = screen.getByRole('article', { name: 'Order #1001, Refund: dented can' });
      expect(refunded).toHaveTextContent('Line total-$6.00');
      expect(within(refunded).queryByText('Cans')).not.toBeInTheDocument();
      // No table header of columns to scroll sideways through
      expect(screen.queryByRole('columnheader', { name: 'Unit price' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('exports the CSV as sales-report-{start}-to-{end}.csv', async () => {
    const { user, fetchMock } = renderTab({
      'POST /api/admin/sales-report/export': async () =>
        new Response('orderId,quantity,lineTotal\n1001,2,48.00\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    await setPeriod(user, '2026-11-01', '2026-11-30');
    await user.click(screen.getByRole('button', { name: /Export to CSV/ }));
    await waitFor(() => expect(clicked).toEqual([{ download: 'sales-report-2026-11-01-to-2026-11-30.csv', href: 'blob:report' }]));
    expect(postBody(fetchMock, '/api/admin/sales-report/export')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('orderId,quantity,lineTotal\n1001,2,48.00\n');
  });

  it('a failed export toasts "Failed to export sales report" and downloads nothing', async () => {
    const { user } = renderTab({ 'POST /api/admin/sales-report/export': { status: 500, body: 'boom' } });
    await setPeriod(user, '2026-11-01', '2026-11-30');
    await user.click(screen.getByRole('button', { name: /Export to CSV/ }));
    expect(await screen.findByText('Failed to export sales report')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});

describe('analytics tab: the books', () => {
  let clicked: { download: string; href: string }[];
  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:books');
    URL.revokeObjectURL = vi.fn();
  });

  async function setBooksPeriod(user: ReturnType<typeof userEvent.setup>, start: string, end: string) {
    const books = screen.getByRole('form', { name: 'Books period' });
    for (const [label, value] of [
      ['From', start],
      ['To', end],
    ] as const) {
      const input = within(books).getByLabelText(label);
      await user.clear(input);
      await user.type(input, value);
    }
  }

  it('exports the orders of the period as orders-{start}-to-{end}.csv', async () => {
    const { user, fetchMock } = renderTab({
      'POST /api/admin/orders/export': async () =>
        new Response('Order,Placed\n1,2026-11-02 10:00\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    await setBooksPeriod(user, '2026-11-01', '2026-11-30');
    await user.click(screen.getByRole('button', { name: /Export orders \(CSV\)/ }));
    await waitFor(() => expect(clicked).toEqual([{ download: 'orders-2026-11-01-to-2026-11-30.csv', href: 'blob:books' }]));
    expect(postBody(fetchMock, '/api/admin/orders/export')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
  });

  it('shows the GST summary of the period and exports it', async () => {
    const gst = {
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      paidOrders: 3,
      sales: '330.00',
      gstOnSales: '30.00',
      discounts: '12.50',
      refunds: '11.00',
      gstOnRefunds: '1.00',
      netSales: '319.00',
      netGst: '29.00',
    };
    const { user, fetchMock } = renderTab({
      'POST /api/admin/gst-summary': { body: gst },
      'POST /api/admin/gst-summary/export': async () => new Response('Period\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    await setBooksPeriod(user, '2026-11-01', '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'GST summary' }));
    const summary = await screen.findByRole('region', { name: 'GST summary' });
    expect(within(summary).getByText('GST on sales').closest('.ant-statistic')).toHaveTextContent('$30.00');
    expect(within(summary).getByText('Net GST').closest('.ant-statistic')).toHaveTextContent('$29.00');
    expect(within(summary).getByText('Paid orders').closest('.ant-statistic')).toHaveTextContent('3');
    expect(within(summary).getByText('Discounts (already off sales)').closest('.ant-statistic')).toHaveTextContent('$12.50');
    await user.click(within(summary).getByRole('button', { name: /Export GST summary/ }));
    await waitFor(() => expect(clicked).toEqual([{ download: 'gst-2026-11-01-to-2026-11-30.csv', href: 'blob:books' }]));
    expect(postBody(fetchMock, '/api/admin/gst-summary/export')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(within(summary).getByText('Net sales').closest('.ant-statistic')).toHaveTextContent('$319.00');
    const note = within(summary).getByText('How this differs from the sales report:').closest('p');
    expect(note).toHaveTextContent(
      'Whole orders as charged (after their discount codes, shown beside), shipping included, and every refund in full.',
    );
    expect(note).toHaveTextContent(
      'The sales report counts the beer alone (no shipping, refunds only up to the beer, discount codes as lines of their own)',
    );
    expect(note).toHaveTextContent(
      'The orders export lists orders by the day they were placed, paid or not, each with its discount code and what it took off.',
    );
  });
});

describe('the charts', () => {
  /** Charts shown `width` px wide (jsdom lays nothing out). */
  function shownAt(width: number): () => void {
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width } as DOMRect);
    return () => measure.mockRestore();
  }
  const days = Array.from({ length: 30 }, (_, index) => ({
    label: `2026-11-${String(index + 1).padStart(2, '0')}`,
    shortLabel: `${index + 1}/11`,
    value: index * 10,
  }));
  const beers = [
    { label: 'Quokka Pale Ale', value: 40 },
    { label: 'A Remarkably Long Name For A Seasonal Saison', value: 12 },
  ];
  const props = { summary: '', formatValue: String, labelHeading: 'Day', valueHeading: 'Value', emptyText: 'None' };

  it.each([340, 1000])(
    'given a chart shown %i px wide, then it is drawn for that width: its 12 px labels are 12 px on the screen',
    (width) => {
      const restore = shownAt(width);
      try {
        render(
          <>
            <ColumnChart title="Revenue per day" data={days} {...props} />
            <BarChart title="Cans sold per beer" data={beers} {...props} />
          </>,
        );
        for (const name of ['Revenue per day', 'Cans sold per beer']) {
          const chart = screen.getByRole('img', { name });
          expect(chart.getAttribute('viewBox')?.split(' ')[2]).toBe(String(width));
          expect(chart).toHaveAttribute('font-size', '12');
        }
      } finally {
        restore();
      }
    },
  );

  it('given a narrow chart, then fewer days are named under the axis, each with room, and beer names go above their bars in full', () => {
    const restore = shownAt(340);
    try {
      render(
        <>
          <ColumnChart title="Revenue per day" data={days} {...props} />
          <BarChart title="Cans sold per beer" data={beers} {...props} />
        </>,
      );
      const dayLabels = screen.getByRole('img', { name: 'Revenue per day' }).querySelectorAll('.bar-chart__label');
      expect(dayLabels.length).toBeLessThanOrEqual(Math.floor((340 - 84) / 44));
      const names = Array.from(screen.getByRole('img', { name: 'Cans sold per beer' }).querySelectorAll('.bar-chart__label'));
      expect(names.map((name) => [name.textContent, name.getAttribute('text-anchor')])).toEqual([
        ['Quokka Pale Ale', 'start'],
        ['A Remarkably Long Name For A Seasonal Saison', 'start'],
      ]);
    } finally {
      restore();
    }
  });

  it('given a wide chart, then beer names stand beside their bars', () => {
    const restore = shownAt(1000);
    try {
      render(<BarChart title="Cans sold per beer" data={beers} {...props} />);
      const names = Array.from(screen.getByRole('img', { name: 'Cans sold per beer' }).querySelectorAll('.bar-chart__label'));
      expect(names.map((name) => [name.textContent, name.getAttribute('text-anchor')])).toEqual([
        ['Quokka Pale Ale', 'end'],
        ['A Remarkably Long Name…', 'end'],
      ]);
    } finally {
      restore();
    }
  });
});
