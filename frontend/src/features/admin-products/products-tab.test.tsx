import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@brewery/shop-rules';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { productFixture } from '@/testing/product-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { asRole } from '@/testing/admin-me-fixture';
import type { AdminProduct } from './api/get-admin-products';
import { ProductsTab, seededText } from './products-tab';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

function adminProduct(overrides: Partial<Product> & { reserved?: number; revision?: number; waiting?: number } = {}): AdminProduct {
  const { reserved = 0, revision = 3, waiting = 0, ...rest } = overrides;
  const product = productFixture(rest);
  return {
    ...product,
    reserved,
    available: product.inventory - reserved,
    waiting,
    revision,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  };
}

function sentBody(fetchMock: ReturnType<typeof stubApi>, key: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${requestUrl(url)}` === key);
  if (call === undefined) throw new Error(`${key} was not sent`);
  return JSON.parse(call[1]?.body as string);
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('Products tab', () => {
  it('given no products, it says "No products found" and seeds from there', async () => {
    let seeded = false;
    const fetchMock = stubApi({
      'GET /api/admin/products': () => Promise.resolve(new Response(JSON.stringify(seeded ? [adminProduct()] : []), { status: 200 })),
      'POST /api/admin/seed-products': () => {
        seeded = true;
        return Promise.resolve(new Response(JSON.stringify({ created: 12, skipped: 0 }), { status: 201 }));
      },
    });
    renderWithProviders(<ProductsTab />);
    const empty = await screen.findByText('No products found');
    await userEvent.setup().click(within(empty.closest('.ant-empty') as HTMLElement).getByRole('button', { name: /Seed Products/ }));
    expect(await screen.findByRole('article', { name: 'Quokka Pale Ale' })).toBeInTheDocument();
    expect(await screen.findByText('Products seeded')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/seed-products')).toHaveLength(1);
  });

  it.each([
    { product: { inventory: 0, isActive: true }, marker: 'OUT OF STOCK', state: 'Live in Shop', status: 'Active' },
    { product: { inventory: 0, isActive: false }, marker: null, state: 'Draft Mode', status: 'Inactive' },
    { product: { inventory: 4, isActive: true }, marker: 'LOW STOCK', state: 'Live in Shop', status: 'Active' },
    { product: { inventory: 1, isActive: false }, marker: 'LOW STOCK', state: 'Draft Mode', status: 'Inactive' },
    { product: { inventory: 5, isActive: true }, marker: null, state: 'Live in Shop', status: 'Active' },
  ])('given $product, the card shows $state, $status and marker $marker', async ({ product, marker, state, status }) => {
    stubApi({ 'GET /api/admin/products': { body: [adminProduct(product)] } });
    renderWithProviders(<ProductsTab />);
    const article = await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    expect(within(article).getByText(state)).toBeInTheDocument();
    expect(within(article).getByText(status)).toBeInTheDocument();
    for (const other of ['OUT OF STOCK', 'LOW STOCK']) {
      if (other === marker) expect(within(article).getByText(other)).toBeInTheDocument();
      else expect(within(article).queryByText(other)).not.toBeInTheDocument();
    }
    expect(within(article).getByRole('button', { name: product.isActive ? /Remove from Shop/ : /Include in Shop/ })).toBeInTheDocument();
  });

  it('shows beer type, ABV, prices (a pack switched off says so), stock with reserved cans, and archived products last', async () => {
    stubApi({
      'GET /api/admin/products': {
        body: [
          adminProduct({ id: 'old', name: 'Old Faithful', archived: true }),
          adminProduct({ inventory: 120, reserved: 8, enable8Pack: false, price16Pack: null, beerType: 'Collab Release' }),
        ],
      },
    });
    renderWithProviders(<ProductsTab />);
    await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Quokka Pale Ale',
      'Old Faithful',
    ]);
    const quokka = card('Quokka Pale Ale');
    expect(within(quokka).getByText('Collab Release')).toBeInTheDocument();
    expect(within(quokka).getByText(/ABV 4\.8%/)).toBeInTheDocument();
    expect(within(quokka).getByText('$6.50')).toBeInTheDocument();
    expect(within(quokka).getByText('$24.00')).toBeInTheDocument();
    expect(within(quokka).getByText('$46.00 (off)')).toBeInTheDocument();
    expect(within(quokka).getByText('no price')).toBeInTheDocument();
    expect(within(quokka).getByText('120 cans (8 reserved, 112 available)')).toBeInTheDocument();
    expect(within(card('Old Faithful')).getByText('Archived')).toBeInTheDocument();
  });

  it('Add Product: a blank form names every required field and sends nothing', async () => {
    const fetchMock = stubApi({ 'GET /api/admin/products': { body: [adminProduct()] } });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    await user.click(screen.getByRole('button', { name: /Add Product/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByLabelText('Inventory (cans)')).toHaveValue(0);
    expect(within(dialog).getByLabelText('ABV (%)')).toHaveAttribute('step', '0.1');
    expect(within(dialog).getByLabelText('Single can price ($)')).toHaveAttribute('step', '0.01');
    expect(within(dialog).getByLabelText('Image URL')).toHaveAttribute('type', 'url');
    expect(within(dialog).getByRole('checkbox', { name: 'Active (live in shop)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Archived' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    for (const message of [
      'Name is required',
      'Style is required',
      'Description is required',
      'ABV is required',
      'Price is required',
      'Image URL is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('Add Product: sends the form with empty pack prices as null and a site path as the image, then toasts', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct()] },
      'GET /api/products': { body: [] },
      'POST /api/admin/products': { status: 201, body: { id: 'new-id' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    await user.click(screen.getByRole('button', { name: /Add Product/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await user.type(within(dialog).getByLabelText('Name'), 'Swan River Stout');
    await user.type(within(dialog).getByLabelText('Style'), 'Oatmeal Stout');
    await user.type(within(dialog).getByLabelText('Description'), 'Roasty and smooth.');
    await user.type(within(dialog).getByLabelText('ABV (%)'), '5.8');
    await user.type(within(dialog).getByLabelText('Single can price ($)'), '7.5');
    await user.clear(within(dialog).getByLabelText('Inventory (cans)'));
    await user.type(within(dialog).getByLabelText('Inventory (cans)'), '48');
    await user.type(within(dialog).getByLabelText('Image URL'), '/cans/swan-river-stout.svg');
    await user.type(within(dialog).getByLabelText('4 Pack price ($)'), '28');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enable 4 Pack' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(screen.getByText('Product created')).toBeInTheDocument());
    expect(sentBody(fetchMock, 'POST /api/admin/products')).toEqual({
      name: 'Swan River Stout',
      style: 'Oatmeal Stout',
      description: 'Roasty and smooth.',
      abv: 5.8,
      price: '7.5',
      price4Pack: '28',
      price8Pack: null,
      price16Pack: null,
      inventory: 48,
      maxPerOrder: null,
      imageUrl: '/cans/swan-river-stout.svg',
      enable4Pack: true,
      enable8Pack: false,
      enable16Pack: false,
      beerType: null,
      isActive: true,
      archived: false,
      releaseAt: null,
      membersFrom: null,
    });
  });

  it('a product with a limit per order says so on its card; one without does not', async () => {
    stubApi({
      'GET /api/admin/products': {
        body: [adminProduct({ maxPerOrder: 4 }), adminProduct({ id: 'lager', name: 'Swan Valley Lager' })],
      },
    });
    renderWithProviders(<ProductsTab />);
    expect(within(await screen.findByRole('article', { name: 'Quokka Pale Ale' })).getByText('Limit 4 per order')).toBeInTheDocument();
    expect(within(card('Swan Valley Lager')).queryByText(/per order/)).not.toBeInTheDocument();
  });

  it('edit: the limit per order field refuses 0 and 1.5, and sends 4 as the number 4 and a blank as null', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ maxPerOrder: 12 })] },
      'GET /api/products': { body: [] },
      'PUT /api/admin/products/quokka-pale-ale': { body: { id: 'quokka-pale-ale' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Quokka Pale Ale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' });
    const limit = within(dialog).getByLabelText('Limit per order (cans)');
    expect(limit).toHaveValue(12);
    const refusal = 'Limit per order must be a whole number of cans from 1 to 192, or empty for no limit';
    for (const typed of ['0', '1.5']) {
      await user.clear(limit);
      // Emptied, the field is valid again, so the message below comes from what is typed next.
      await waitFor(() => expect(within(dialog).queryByText(refusal)).not.toBeInTheDocument());
      await user.type(limit, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.clear(limit);
    await user.type(limit, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(sentBody(fetchMock, 'PUT /api/admin/products/quokka-pale-ale')).toMatchObject({ maxPerOrder: 4 });
  });

  it('edit: an emptied limit per order is sent as null (no limit)', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ maxPerOrder: 12 })] },
      'GET /api/products': { body: [] },
      'PUT /api/admin/products/quokka-pale-ale': { body: { id: 'quokka-pale-ale' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Quokka Pale Ale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' });
    await user.clear(within(dialog).getByLabelText('Limit per order (cans)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(sentBody(fetchMock, 'PUT /api/admin/products/quokka-pale-ale')).toMatchObject({ maxPerOrder: null });
  });

  it('edit: the product history opens on demand and shows each change, when and by whom', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct()] },
      'GET /api/products': { body: [] },
      'GET /api/admin/products/quokka-pale-ale/history': {
        body: [
          {
            at: '2026-11-25T02:46:00.000Z',
            type: 'StockCounted',
            summary: 'Stock set from 24 to 9 cans in the product form',
            actor: 'admin',
            stream: 'product-quokka-pale-ale',
            revision: 3,
          },
          {
            at: '2026-11-25T02:46:01.000Z',
            type: 'StockLevelAlerted',
            summary: 'Stock alert e-mailed to the shop: LOW (9 cans left)',
            actor: 'system',
            stream: 'stockalert-quokka-pale-ale',
            revision: 0,
          },
        ],
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Quokka Pale Ale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' });
    const historyRequested = () => fetchMock.mock.calls.some(([url]) => requestUrl(url).endsWith('/history'));
    expect(historyRequested()).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /Product history/ }));
    const first = await within(dialog).findByText('Stock set from 24 to 9 cans in the product form');
    expect(first.closest('.event-timeline__entry')).toHaveTextContent('25 Nov 2026, 10:46 am');
    expect(first.closest('.event-timeline__entry')).toHaveTextContent('Admin');
    expect(
      within(dialog).getByText('Stock alert e-mailed to the shop: LOW (9 cans left)').closest('.event-timeline__entry'),
    ).toHaveTextContent('System');
  });

  it('edit: saves the whole form with the revision it was filled from; a server refusal is toasted in its own words', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ revision: 7 })] },
      'PUT /api/admin/products/quokka-pale-ale': {
        status: 409,
        body: { statusCode: 409, message: 'Quokka Pale Ale changed since you opened it; reload and try again' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Quokka Pale Ale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Quokka Pale Ale');
    await user.clear(within(dialog).getByLabelText('8 Pack price ($)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Quokka Pale Ale changed since you opened it; reload and try again')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PUT /api/admin/products/quokka-pale-ale')).toMatchObject({
      revision: 7,
      price8Pack: null,
      price4Pack: '24.00',
    });
    expect(screen.getByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' })).toBeInTheDocument();
  });

  it.each([
    { isActive: true, button: 'Remove from Shop', sent: { isActive: false }, toast: 'Product removed from shop' },
    { isActive: false, button: 'Include in Shop', sent: { isActive: true }, toast: 'Product included in shop' },
  ])('"$button" sends only $sent and toasts "$toast"', async ({ isActive, button, sent, toast }) => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ isActive })] },
      'GET /api/products': { body: [] },
      'PUT /api/admin/products/quokka-pale-ale': { body: { id: 'quokka-pale-ale' } },
    });
    renderWithProviders(<ProductsTab />);
    await userEvent.setup().click(await screen.findByRole('button', { name: `${button}: Quokka Pale Ale` }));
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PUT /api/admin/products/quokka-pale-ale')).toEqual(sent);
  });

  it('Add Product: an uploaded picture fills the image address and shows; a file too large or of another kind is refused before sending', async () => {
    const id = '0123456789abcdef0123456789abcdef';
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct()] },
      'GET /api/products': { body: [] },
      'POST /api/admin/product-images': {
        status: 201,
        body: {
          id,
          url: `/media/${id}-512.webp`,
          format: 'png',
          width: 600,
          height: 1000,
          bytes: 2048,
          variants: [],
          created: true,
        },
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ProductsTab />);
    await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    await user.click(screen.getByRole('button', { name: /Add Product/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    const fileInput = within(dialog).getByLabelText('Picture file');

    await user.upload(fileInput, new File(['GIF89a'], 'can.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The picture must be a PNG, JPEG or WebP image');
    await user.upload(fileInput, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The picture is larger than 5 MB');
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url) === '/api/admin/product-images')).toBe(false);

    await user.upload(fileInput, new File(['\x89PNG'], 'quokka can.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Uploaded quokka can.png (600 × 1000)');
    expect(within(dialog).getByLabelText('Image URL')).toHaveValue(`/media/${id}-512.webp`);
    const preview = within(dialog).getByAltText('The picture the shop will show');
    expect(preview).toHaveAttribute('src', `/media/${id}-512.webp`);
    expect(preview.getAttribute('srcset')).toContain(`/media/${id}-128.webp 128w`);
    const sent = fetchMock.mock.calls.find(([url]) => requestUrl(url) === '/api/admin/product-images');
    expect(sent?.[1]?.body).toBeInstanceOf(File);
    expect(new Headers(sent?.[1]?.headers).get('Content-Type')).toBe('image/png');
    expect(new Headers(sent?.[1]?.headers).get('X-File-Name')).toBe('quokka%20can.png');
  });

  it('delete asks first; only a confirmed delete is sent', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct()] },
      'GET /api/products': { body: [] },
      'DELETE /api/admin/products/quokka-pale-ale': { body: { id: 'quokka-pale-ale' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Quokka Pale Ale' }));
    expect(await screen.findByText('Delete Quokka Pale Ale?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Quokka Pale Ale' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});

describe('Products tab: releases and who waits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** user-event cannot type into a date and time field (jsdom has no picker): the browser's change is fired as it sends it. */
  function enterReleaseAt(dialog: HTMLElement, value: string) {
    fireEvent.change(within(dialog).getByLabelText('Release at (Perth time)'), { target: { value } });
  }

  it('given 3 addresses waiting for a beer, its card says "3 waiting"; a beer nobody waits for says nothing', async () => {
    stubApi({
      'GET /api/admin/products': { body: [adminProduct({ waiting: 3 }), adminProduct({ id: 'lager', name: 'Swan Valley Lager' })] },
    });
    renderWithProviders(<ProductsTab />);
    expect(within(await screen.findByRole('article', { name: 'Quokka Pale Ale' })).getByText('3 waiting')).toBeInTheDocument();
    expect(within(card('Swan Valley Lager')).queryByText(/waiting/)).not.toBeInTheDocument();
  });

  it('given a release still to come, its card says when in Perth time; a release already past says nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-01T00:00:00.000Z'));
    stubApi({
      'GET /api/admin/products': {
        body: [
          adminProduct({ releaseAt: '2026-12-05T02:00:00.000Z' }),
          adminProduct({ id: 'lager', name: 'Swan Valley Lager', releaseAt: '2026-11-28T02:00:00.000Z' }),
        ],
      },
    });
    renderWithProviders(<ProductsTab />);
    expect(
      within(await screen.findByRole('article', { name: 'Quokka Pale Ale' })).getByText('Releases 5 Dec 2026, 10:00 am'),
    ).toBeInTheDocument();
    expect(within(card('Swan Valley Lager')).queryByText(/Releases/)).not.toBeInTheDocument();
  });

  it('Add Product: a Perth time typed is sent as its instant', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct()] },
      'GET /api/products': { body: [] },
      'POST /api/admin/products': { status: 201, body: { id: 'new-id' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    await user.click(screen.getByRole('button', { name: /Add Product/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByLabelText('Release at (Perth time)')).toHaveAttribute('type', 'datetime-local');
    expect(within(dialog).getByLabelText('Release at (Perth time)')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Name'), 'Hazy IPA');
    await user.type(within(dialog).getByLabelText('Style'), 'Hazy IPA');
    await user.type(within(dialog).getByLabelText('Description'), 'Soft and juicy.');
    await user.type(within(dialog).getByLabelText('ABV (%)'), '6.5');
    await user.type(within(dialog).getByLabelText('Single can price ($)'), '8');
    await user.type(within(dialog).getByLabelText('Image URL'), '/cans/hazy-ipa.svg');
    enterReleaseAt(dialog, '2026-12-05T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(screen.getByText('Product created')).toBeInTheDocument());
    expect(sentBody(fetchMock, 'POST /api/admin/products')).toMatchObject({ name: 'Hazy IPA', releaseAt: '2026-12-05T02:00:00.000Z' });
  });

  it('edit: a stored release shows in Perth time; cleared, it is sent as null', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ releaseAt: '2026-12-05T02:00:00.000Z' })] },
      'GET /api/products': { body: [] },
      'PUT /api/admin/products/quokka-pale-ale': { body: { id: 'quokka-pale-ale' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Quokka Pale Ale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' });
    expect(within(dialog).getByLabelText('Release at (Perth time)')).toHaveValue('2026-12-05T10:00');
    enterReleaseAt(dialog, '');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(sentBody(fetchMock, 'PUT /api/admin/products/quokka-pale-ale')).toMatchObject({ releaseAt: null });
  });

  it('edit: a release moved to another Perth time is sent as the new instant; saved unchanged, the same instant goes back', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ releaseAt: '2026-12-05T02:00:00.000Z' })] },
      'GET /api/products': { body: [] },
      'PUT /api/admin/products/quokka-pale-ale': { body: { id: 'quokka-pale-ale' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Quokka Pale Ale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' });
    enterReleaseAt(dialog, '2026-12-12T18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(sentBody(fetchMock, 'PUT /api/admin/products/quokka-pale-ale')).toMatchObject({ releaseAt: '2026-12-12T10:30:00.000Z' });
  });
});

describe("Products tab: club members' early access", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const RELEASE_AT = '2026-12-05T02:00:00.000Z';
  const MEMBERS_FROM = '2026-12-03T02:00:00.000Z';
  const MEMBERS_LABEL = 'Club members from (Perth time)';

  /** user-event cannot type into a date and time field (jsdom has no picker): the browser's change is fired as it sends it. */
  function enter(dialog: HTMLElement, label: string, value: string) {
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  }

  async function editQuokka(product: Partial<Product>, put: Parameters<typeof stubApi>[0][string] = { body: { id: 'quokka-pale-ale' } }) {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct(product)] },
      'GET /api/products': { body: [] },
      'PUT /api/admin/products/quokka-pale-ale': put,
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Quokka Pale Ale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' });
    return { fetchMock, user, dialog };
  }

  const puts = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').length;

  it('given a release and early access still to come, the card says both in Perth time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-01T00:00:00.000Z'));
    stubApi({ 'GET /api/admin/products': { body: [adminProduct({ releaseAt: RELEASE_AT, membersFrom: MEMBERS_FROM })] } });
    renderWithProviders(<ProductsTab />);
    const article = await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    expect(within(article).getByText('Releases 5 Dec 2026, 10:00 am')).toBeInTheDocument();
    expect(within(article).getByText('Members from 3 Dec 2026, 10:00 am')).toBeInTheDocument();
  });

  it('given no release, the field is disabled; with a release typed it opens, and both go as instants', async () => {
    const { fetchMock, user, dialog } = await editQuokka({});
    expect(within(dialog).getByLabelText(MEMBERS_LABEL)).toHaveAttribute('type', 'datetime-local');
    expect(within(dialog).getByLabelText(MEMBERS_LABEL)).toBeDisabled();
    enter(dialog, 'Release at (Perth time)', '2026-12-05T10:00');
    await waitFor(() => expect(within(dialog).getByLabelText(MEMBERS_LABEL)).toBeEnabled());
    enter(dialog, MEMBERS_LABEL, '2026-12-03T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts(fetchMock)).toBe(1));
    expect(sentBody(fetchMock, 'PUT /api/admin/products/quokka-pale-ale')).toMatchObject({
      releaseAt: RELEASE_AT,
      membersFrom: MEMBERS_FROM,
    });
  });

  it('edit: a stored early access shows in Perth time; cleared, it is sent as null', async () => {
    const { fetchMock, user, dialog } = await editQuokka({ releaseAt: RELEASE_AT, membersFrom: MEMBERS_FROM });
    expect(within(dialog).getByLabelText(MEMBERS_LABEL)).toHaveValue('2026-12-03T10:00');
    enter(dialog, MEMBERS_LABEL, '');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts(fetchMock)).toBe(1));
    expect(sentBody(fetchMock, 'PUT /api/admin/products/quokka-pale-ale')).toMatchObject({ releaseAt: RELEASE_AT, membersFrom: null });
  });

  it('given early access typed after the release, it says so under the field and sends nothing', async () => {
    const { fetchMock, user, dialog } = await editQuokka({ releaseAt: RELEASE_AT });
    enter(dialog, MEMBERS_LABEL, '2026-12-06T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('Club members from must be before the release, or empty for no early access'),
    ).toBeInTheDocument();
    expect(puts(fetchMock)).toBe(0);
  });

  it('given the server refusing it (400 invalid_product, fields.membersFrom), its words show under the field, the dialog stays, and no toast', async () => {
    const refusal = 'membersFrom must be an instant before releaseAt, or empty';
    const { fetchMock, user, dialog } = await editQuokka(
      { releaseAt: RELEASE_AT },
      {
        status: 400,
        body: {
          statusCode: 400,
          code: 'invalid_product',
          message: 'membersFrom must be an instant before releaseAt (club members buy early), or empty for no early access',
          fields: { membersFrom: refusal },
        },
      },
    );
    enter(dialog, MEMBERS_LABEL, '2026-12-03T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts(fetchMock)).toBe(1));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(MEMBERS_LABEL)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('dialog', { name: 'Edit Product: Quokka Pale Ale' })).toBeInTheDocument();
    expect(screen.queryByText(/club members buy early/)).not.toBeInTheDocument();
  });
});

describe('what Seed Products says it did', () => {
  it.each([
    [{ created: 12, skipped: 0, deleted: 0 }, '12 beers added'],
    [{ created: 0, skipped: 12, deleted: 0 }, 'All 12 starter beers were already there'],
    [{ created: 0, skipped: 12 }, 'All 12 starter beers were already there'],
    [{ created: 0, skipped: 12, deleted: 1 }, 'No beers added: all 12 were seeded before, and the 1 you deleted stays deleted'],
    [{ created: 1, skipped: 11, deleted: 2 }, '1 beer added; 11 were seeded before, and the 2 you deleted stay deleted'],
  ])('given %j, says "%s"', (result, text) => {
    expect(seededText(result)).toBe(text);
  });
});

describe('Products tab as a packer sees it (no `products.manage`)', () => {
  it('lists the range read-only: prices, stock and markers, and no button that changes anything', async () => {
    stubApi({ 'GET /api/admin/products': { body: [adminProduct({ waiting: 3, inventory: 4 })] } });
    renderWithProviders(asRole('packer', <ProductsTab />));
    const article = await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    expect(within(article).getByText('LOW STOCK')).toBeInTheDocument();
    expect(within(article).getByText(/^4 cans/)).toBeInTheDocument();
    // The waiting list's size shows; the list itself (customers' addresses) does not open.
    expect(within(article).getByText('3 waiting')).toBeInTheDocument();
    expect(within(article).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Seed Products/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Product/ })).not.toBeInTheDocument();
  });

  it('given no products, says so without offering to seed them', async () => {
    stubApi({ 'GET /api/admin/products': { body: [] } });
    renderWithProviders(asRole('packer', <ProductsTab />));
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
