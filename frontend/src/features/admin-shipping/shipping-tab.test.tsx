import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveFile } from '@/shared/browser/save-file';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SHIPPING_EMAIL_COMMANDS } from '@brewery/shop-rules';
import { ShippingTab } from './shipping-tab';

vi.mock('@/shared/browser/save-file', () => ({ saveFile: vi.fn() }));

/** The JSON body a request sent. */
function sentJson(init: RequestInit | undefined): unknown {
  return JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
}

const REPLY = 'create label\n\n> Thank you for your order #1001';

async function pasteReply(user: ReturnType<typeof userEvent.setup>, content = REPLY, subject = 'Re: Order #1001') {
  await user.click(screen.getByLabelText('Email subject'));
  await user.paste(subject);
  if (content === '') return;
  await user.click(screen.getByLabelText('Email content'));
  await user.paste(content);
}

function bodyOf(fetchMock: ReturnType<typeof stubApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => requestUrl(input) === path);
  return sentJson(call?.[1]);
}

describe('shipping tab', () => {
  it.each([
    { content: '', label: 'nothing' },
    { content: '   \n  ', label: 'only blanks' },
  ])('given $label pasted, Parse Email says "Please enter email content to parse" and calls nothing', async ({ content }) => {
    const fetchMock = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<ShippingTab />);
    await pasteReply(user, content);
    await user.click(screen.getByRole('button', { name: 'Parse Email' }));
    expect(await screen.findByText('Please enter email content to parse')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('given no parsed order, creating a label says "No valid order found. Please parse email first."', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<ShippingTab />);
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    expect(await screen.findByText('No valid order found. Please parse email first.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('given a reply asking for a label, it shows the order, action and message, then creates the label for that order', async () => {
    const fetchMock = stubApi({
      'POST /api/admin/parse-shipping-email': {
        body: { orderId: '1001', action: 'create_label', message: 'Order #1001 is ready for a label' },
      },
      'GET /api/admin/orders/1001/shipping-label': () =>
        Promise.resolve(new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } })),
      'POST /api/admin/create-shipping-label-email': {
        body: {
          trackingNumber: 'AP1001XYZ',
          consignmentNumber: 'AP1001XYZ',
          trackingUrl: 'https://auspost.com.au/mypost/track/details/AP1001XYZ',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingTab />);
    await pasteReply(user);
    await user.click(screen.getByRole('button', { name: 'Parse Email' }));

    expect(await screen.findByText('Email Parsed Successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/admin/parse-shipping-email')).toEqual({ emailContent: REPLY, subject: 'Re: Order #1001' });
    const results = screen.getByText('Parse Results').closest('.ant-card') as HTMLElement;
    expect(within(results).getByText('#1001')).toBeInTheDocument();
    expect(within(results).getByText('create_label')).toBeInTheDocument();
    expect(within(results).getByText('Order #1001 is ready for a label')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Label for Order #1001' }));
    expect(await screen.findByText('Shipping label created - Consignment: AP1001XYZ')).toBeInTheDocument();
    expect(screen.getByText('Label created for Order #1001')).toBeInTheDocument();
    expect(screen.getAllByText('AP1001XYZ').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Track with Australia Post' })).toHaveAttribute(
      'href',
      'https://auspost.com.au/mypost/track/details/AP1001XYZ',
    );
    expect(bodyOf(fetchMock, '/api/admin/create-shipping-label-email')).toEqual({ orderId: '1001', emailContent: REPLY });

    // The label is offered as a PDF at once, for the order it was made for.
    await user.click(screen.getByRole('button', { name: /Download Label PDF/ }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledWith(expect.anything(), 'shipping-label-order-1001.pdf'));
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url) === '/api/admin/orders/1001/shipping-label')).toBe(true);
  });

  it('given a reply the server finds no order in, it toasts "Parse Error" with its message and keeps label creation refused', async () => {
    stubApi({
      'POST /api/admin/parse-shipping-email': { body: { orderId: null, action: 'none', message: 'No order number found in the email' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingTab />);
    await pasteReply(user, 'hello there');
    await user.click(screen.getByRole('button', { name: 'Parse Email' }));
    expect(await screen.findByText('Parse Error')).toBeInTheDocument();
    expect(screen.getAllByText('No order number found in the email').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    expect(await screen.findByText('No valid order found. Please parse email first.')).toBeInTheDocument();
  });

  it('given a reply that names an order but asks for no label, Parse Results show that order, and no label is made', async () => {
    stubApi({
      'POST /api/admin/parse-shipping-email': {
        body: { orderId: '3', action: 'none', message: 'Order #3 found, but no "create label" command' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingTab />);
    await pasteReply(user, 'thanks for order #3');
    await user.click(screen.getByRole('button', { name: 'Parse Email' }));
    const results = (await screen.findByText('Parse Results')).closest('.ant-card') as HTMLElement;
    expect(within(results).getByText('#3')).toBeInTheDocument();
    expect(within(results).queryByText('Not found')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    expect(await screen.findByText('No valid order found. Please parse email first.')).toBeInTheDocument();
  });

  it('given the parse request fails, it toasts "Failed to parse email"', async () => {
    stubApi({ 'POST /api/admin/parse-shipping-email': { status: 500, body: { statusCode: 500, message: 'Internal error' } } });
    const user = userEvent.setup();
    renderWithProviders(<ShippingTab />);
    await pasteReply(user);
    await user.click(screen.getByRole('button', { name: 'Parse Email' }));
    expect(await screen.findByText('Failed to parse email')).toBeInTheDocument();
  });

  it('given the label request fails, it toasts "Label Creation Failed" with the server message', async () => {
    stubApi({
      'POST /api/admin/parse-shipping-email': { body: { orderId: '7', action: 'create_label', message: 'ok' } },
      'POST /api/admin/create-shipping-label-email': { status: 409, body: { statusCode: 409, message: 'Order #7 is not paid' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingTab />);
    await pasteReply(user);
    await user.click(screen.getByRole('button', { name: 'Parse Email' }));
    await user.click(await screen.findByRole('button', { name: 'Create Label for Order #7' }));
    expect(await screen.findByText('Label Creation Failed')).toBeInTheDocument();
    expect(screen.getByText('Order #7 is not paid')).toBeInTheDocument();
  });

  it('lists every accepted command in the guide', () => {
    stubApi({});
    renderWithProviders(<ShippingTab />);
    const list = screen.getByRole('list', { name: 'Accepted commands' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...SHIPPING_EMAIL_COMMANDS]);
    expect(SHIPPING_EMAIL_COMMANDS).toEqual([
      'create label',
      'shipping label',
      'generate label',
      'print label',
      'ship now',
      'create shipment',
      'ship order',
    ]);
  });
});
