import { SHIPPING_EMAIL_COMMANDS, type ShippingEmailCommand } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';
import {
  assertEmailContent,
  readShippingEmail,
  shippingEmailOutcome,
  type OrderForLabel,
  type ShippingEmailReading,
} from './shipping-email-parser';

describe('reading a shipping e-mail', () => {
  describe('finds the order number in the forms people write it', () => {
    const cases: [string, { subject?: string; body: string }, string[]][] = [
      ['"Order #12" in the body', { body: 'Please create label for Order #12' }, ['12']],
      ['"order 12"', { body: 'create label for order 12 thanks' }, ['12']],
      ['"Order Number: 12"', { body: 'Order Number: 12\ncreate label' }, ['12']],
      ['"order number 12" without a colon', { body: 'print label, order number 12' }, ['12']],
      ['"Order No. 12"', { body: 'Order No. 12 - ship now' }, ['12']],
      ['"Order ID: 12"', { body: 'Order ID: 12. Generate label please' }, ['12']],
      ['"order#12" with no space', { body: 'ship order#12' }, ['12']],
      ['"Order: #12"', { body: 'Order: #12\nprint label' }, ['12']],
      ['a bare "#12"', { body: 'ship now #12' }, ['12']],
      ['"# 12" with a space', { body: 'create label # 12' }, ['12']],
      ['upper case "ORDER #12"', { body: 'CREATE LABEL ORDER #12' }, ['12']],
      ['leading zeros dropped', { body: 'create label order #0012' }, ['12']],
      ['the subject only', { subject: 'Re: Order #345 confirmed', body: 'create label' }, ['345']],
      ['the same number in subject and body, once', { subject: 'Order #7', body: 'ship order #7 please' }, ['7']],
      ['two different numbers, both', { body: 'create label for order #12 and order #13' }, ['12', '13']],
      ['subject and body disagreeing, both', { subject: 'Order #12', body: 'Actually ship order #14' }, ['12', '14']],
      ['no number at all', { body: 'create label please' }, []],
      ['"ordered 16 cans" is not an order number', { body: 'They ordered 16 cans, create label' }, []],
      ['an HTML entity "&#12;" is not a number', { body: 'create label&#12;' }, []],
      ['order 0 is not an order', { body: 'create label for order #0' }, []],
      ['"Unit #4" in an address yields to "Order #12"', { body: 'Create label for Order #12 to Unit #4, 1 Hay St' }, ['12']],
      ['Windows line endings', { body: 'create label\r\nOrder #21\r\n' }, ['21']],
    ];
    it.each(cases)('%s', (_name, email, expected) => {
      expect(readShippingEmail({ subject: email.subject ?? '', body: email.body }).orderIds).toEqual(expected);
    });
  });

  describe('quoted replies', () => {
    const cases: [string, string, string[]][] = [
      ['a fresh number wins over quoted ones', 'create label for order #12\n\n> Your order #99 has been paid.\n> Order #98', ['12']],
      ['the quoted number counts when the fresh text has none', 'create label\n\n> Thank you for your order #1001.', ['1001']],
      ['nested quotes ">>" count as quoted', 'ship now\n>> Order #55 paid', ['55']],
      ['an indented quote counts as quoted', 'create label order 3\n   > order 4', ['3']],
      [
        'below "On … wrote:" is the earlier message',
        'create label for order 12\n\nOn Mon, 23 Nov 2026 at 9:00, Swan & Sand <hello@example.com> wrote:\nOrder #77 is paid',
        ['12'],
      ],
      ['below "-----Original Message-----" likewise', 'ship order 5\n-----Original Message-----\nFrom: shop\nOrder #6', ['5']],
      ['below an Outlook rule likewise', 'print label\n________________________________\nOrder #8 paid', ['8']],
      ['two quoted numbers and none fresh: both', 'create label\n> Order #1\n> Order #2', ['1', '2']],
    ];
    it.each(cases)('%s', (_name, body, expected) => {
      expect(readShippingEmail({ subject: '', body }).orderIds).toEqual(expected);
    });
  });

  describe('finds each of the spec commands, whatever the case and spacing', () => {
    const spellings = (command: ShippingEmailCommand): string[] => {
      const [first = '', second = ''] = command.split(' ');
      return [
        command,
        command.toUpperCase(),
        `${first}  ${second}`,
        `${first}\t${second}`,
        `${first}${second}`,
        `${first}-${second}`,
        `${first[0]?.toUpperCase()}${first.slice(1)} ${second}`,
      ];
    };
    const cases = SHIPPING_EMAIL_COMMANDS.flatMap((command) => spellings(command).map((spelling) => [command, spelling] as const));
    it.each(cases)('%s written as "%s"', (command, spelling) => {
      expect(readShippingEmail({ subject: '', body: `Hi, please ${spelling} for Order #12. Thanks` }).command).toBe(command);
    });

    it.each([
      ['print labels', 'print label'],
      ['create shipments', 'create shipment'],
      ['ship orders', 'ship order'],
    ])('a plural "%s" counts as "%s"', (text, command) => {
      expect(readShippingEmail({ subject: '', body: `${text} order #3` }).command).toBe(command);
    });

    it('takes the command from the subject too', () => {
      expect(readShippingEmail({ subject: 'Ship now: Order #3', body: 'Thanks!' }).command).toBe('ship now');
    });

    it('takes the first command when several are there', () => {
      expect(readShippingEmail({ subject: '', body: 'ship now, or print label, order 3' }).command).toBe('ship now');
    });
  });

  describe('what is not a command', () => {
    const cases: [string, string][] = [
      ['no command at all', 'Order #12 looks good'],
      ['a word that merely contains one ("relationship order")', 'our relationship order #12'],
      ['"ship nowhere"', 'we ship nowhere near order #12'],
      ['"labelled"', 'the box was create labelled oddly, order #12'],
      ['a command only in the quoted message', 'Thanks!\n\n> Reply "create label" to ship Order #12'],
      ['a command only below "On … wrote:"', 'Thanks!\nOn Tue, Shop wrote:\nReply create label for Order #12'],
    ];
    it.each(cases)('%s', (_name, body) => {
      expect(readShippingEmail({ subject: '', body }).command).toBeNull();
    });
  });

  describe('negated commands', () => {
    const cases: [string, string, ShippingEmailCommand | null, ShippingEmailCommand | null][] = [
      ["don't", "Please don't ship order #12 yet", null, 'ship order'],
      ['don’t with a typographic apostrophe', 'Please don’t create label for order #12', null, 'create label'],
      ['do not', 'do not print label for order #12', null, 'print label'],
      ['not, two words away', 'not yet ship now, order 12', null, 'ship now'],
      [
        'a negation in an earlier sentence does not count',
        'Not sure what happened. Please create label for order #12',
        'create label',
        null,
      ],
      [
        'a negated and a plain command: the plain one counts',
        "Don't ship now. Create label for order #12 instead",
        'create label',
        'ship now',
      ],
    ];
    it.each(cases)('%s', (_name, body, command, negated) => {
      const reading = readShippingEmail({ subject: '', body });
      expect(reading.command).toBe(command);
      expect(reading.negatedCommand).toBe(negated);
    });
  });
});

describe('blank content', () => {
  it.each([[''], ['   '], ['\n\t\n'], [undefined], [null]])('given %j, it is refused with the spec message', (content) => {
    expect(() => assertEmailContent(content)).toThrow(new DomainError('email_content_required', 'Please enter email content to parse'));
  });

  it('accepts any other text', () => {
    expect(() => assertEmailContent('hello')).not.toThrow();
  });
});

describe('the outcome of a parse', () => {
  const reading = (change: Partial<ShippingEmailReading>): ShippingEmailReading => ({
    orderIds: ['12'],
    command: 'create label',
    negatedCommand: null,
    ...change,
  });
  const order = (change: Partial<OrderForLabel> = {}): OrderForLabel => ({
    status: 'paid',
    paid: true,
    customerName: 'Ada Lovelace',
    cans: 16,
    consignmentNumber: null,
    ...change,
  });

  describe('offers the label for a paid or later order named with a command', () => {
    it.each([['paid'], ['packed_awaiting_pickup'], ['shipped'], ['delivered']] as const)('%s', (status) => {
      expect(shippingEmailOutcome(reading({}), order({ status }))).toEqual({
        orderId: '12',
        action: 'create_label',
        message: "Order #12 found with 'create label': ready to create a shipping label for Ada Lovelace (16 cans).",
      });
    });
  });

  it('says when the order already has its label, and still offers it (the same consignment comes back)', () => {
    expect(shippingEmailOutcome(reading({}), order({ consignmentNumber: 'SSB688236067' }))).toEqual({
      orderId: '12',
      action: 'create_label',
      message: 'Order #12 already has a shipping label (consignment SSB688236067); creating it again returns the same consignment.',
    });
  });

  const refusals: [string, ShippingEmailReading, OrderForLabel | null, string][] = [
    [
      'no order number and no command',
      reading({ orderIds: [], command: null }),
      null,
      "No order number and no shipping command found. Write the order as 'Order #12' and one of: create label, shipping label, generate label, print label, ship now, create shipment, ship order.",
    ],
    [
      'a command but no order number',
      reading({ orderIds: [] }),
      null,
      "Found 'create label' but no order number. Write the order as 'Order #12'.",
    ],
    [
      'an order number but no command',
      reading({ command: null }),
      order(),
      'Order #12 found, but no shipping command. Use one of: create label, shipping label, generate label, print label, ship now, create shipment, ship order.',
    ],
    [
      'a negated command',
      reading({ command: null, negatedCommand: 'ship order' }),
      order(),
      "Order #12 found, but the e-mail says not to 'ship order'.",
    ],
    [
      'two order numbers',
      reading({ orderIds: ['12', '13'] }),
      order(),
      'More than one order number found (#12, #13). Reply about one order at a time.',
    ],
    ['an unknown order', reading({}), null, 'Order #12 not found'],
    [
      'a pending order',
      reading({}),
      order({ status: 'pending' }),
      'Order #12 is pending: only paid orders (paid, packed, shipped or delivered) can get a shipping label',
    ],
    [
      'a cancelled order',
      reading({}),
      order({ status: 'cancelled' }),
      'Order #12 is cancelled: only paid orders (paid, packed, shipped or delivered) can get a shipping label',
    ],
  ];
  it.each(refusals)('given %s, the action is none, no order is offered, and the message says why', (_name, given, known, message) => {
    expect(shippingEmailOutcome(given, known)).toEqual({ orderId: null, action: 'none', message });
  });

  it('counts one can in the singular', () => {
    expect(shippingEmailOutcome(reading({}), order({ cans: 1 })).message).toContain('(1 can)');
  });
});

describe('end to end through the pure parts', () => {
  const cases: [string, { subject: string; body: string }, 'create_label' | 'none'][] = [
    [
      'a typical reply',
      { subject: 'Re: Your order #12 is paid', body: 'Hi,\nPlease create label.\nCheers\n\n> Your order #12 is paid.' },
      'create_label',
    ],
    [
      'the shop quoting the command, the operator saying thanks',
      { subject: 'Re: Order #12', body: 'Thanks!\n> reply "create label" to ship' },
      'none',
    ],
  ];
  it.each(cases)('%s', (_name, email, action) => {
    expect(
      shippingEmailOutcome(readShippingEmail(email), { status: 'paid', paid: true, customerName: 'Ada', cans: 4, consignmentNumber: null })
        .action,
    ).toBe(action);
  });
});
