import { PlusOutlined } from '@ant-design/icons';
import type { DiscountKind } from '@brewery/shop-rules';
import { DISCOUNT_CODE_PATTERN, perthLocalToInstant } from '@brewery/shop-rules';
import { Button, Card, Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useCreateDiscountCode, useDiscountBeers, type CreateDiscountCodeRequest } from './api/discount-codes';

export interface CodeFormValues {
  code: string;
  kind: DiscountKind;
  /** The percentage, or the dollars off; none for free shipping. */
  value?: number | null;
  minCans?: number | null;
  maxUses?: number | null;
  onePerCustomer: boolean;
  /** Perth time as typed (`YYYY-MM-DDTHH:mm`); empty: no limit. */
  startsAt: string;
  endsAt: string;
  /** Empty: every beer. */
  productIds: string[];
}

const FIELDS: readonly (keyof CodeFormValues)[] = [
  'code',
  'kind',
  'value',
  'minCans',
  'maxUses',
  'onePerCustomer',
  'startsAt',
  'endsAt',
  'productIds',
];

export const KIND_OPTIONS: { value: DiscountKind; label: string }[] = [
  { value: 'percent', label: 'A percentage off the beers' },
  { value: 'amount', label: 'Dollars off the beers' },
  { value: 'free_shipping', label: 'Free shipping' },
];

export const CodeFormTexts = {
  code: 'Code',
  codeHint: 'What customers type at checkout: 3 to 32 letters, digits and dashes.',
  codeRequired: 'Enter the code',
  codeShape: 'Use 3 to 32 letters, digits and dashes',
  kind: 'Offer',
  percent: 'Percent off',
  dollars: 'Dollars off',
  valueRequired: (kind: DiscountKind) => (kind === 'percent' ? 'Enter the percentage, 1 to 100' : 'Enter the dollars off'),
  percentRange: 'A whole number from 1 to 100',
  dollarsRange: 'From $0.01 to $1,000, in whole cents',
  minCans: 'At least this many cans',
  maxUses: 'Most orders in all',
  wholeNumber: (max: number) => `A whole number from 1 to ${max.toLocaleString('en-AU')}`,
  onePerCustomer: 'Once per customer (by e-mail address)',
  startsAt: 'Starts (Perth time)',
  endsAt: 'Ends (Perth time)',
  dateTime: 'A date and time',
  endsAfterStart: 'The end must come after the start',
  beers: 'Only these beers',
  everyBeer: 'Every beer',
  create: 'Create code',
} as const;

const INITIAL: CodeFormValues = {
  code: '',
  kind: 'percent',
  value: null,
  minCans: null,
  maxUses: null,
  onePerCustomer: false,
  startsAt: '',
  endsAt: '',
  productIds: [],
};

const present = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** The form's values as the request: the code in capitals, Perth times as instants, and nothing for an empty limit. */
export function createRequestOf(values: CodeFormValues): CreateDiscountCodeRequest {
  const startsAt = values.startsAt.trim() === '' ? null : perthLocalToInstant(values.startsAt.trim());
  const endsAt = values.endsAt.trim() === '' ? null : perthLocalToInstant(values.endsAt.trim());
  return {
    code: values.code.trim().toUpperCase(),
    kind: values.kind,
    ...(values.kind !== 'free_shipping' && present(values.value) ? { value: values.value } : {}),
    ...(present(values.minCans) ? { minCans: values.minCans } : {}),
    ...(present(values.maxUses) ? { maxUses: values.maxUses } : {}),
    onePerCustomer: values.onePerCustomer,
    ...(startsAt === null ? {} : { startsAt }),
    ...(endsAt === null ? {} : { endsAt }),
    ...(values.productIds.length > 0 ? { productIds: values.productIds } : {}),
  };
}

/** The fields the server refused, each with its words: the ones it named, or the code for `code_taken`. */
export function refusedFields(error: unknown): [keyof CodeFormValues, string][] {
  if (!(error instanceof ApiError)) return [];
  if (error.code === 'code_taken' || error.code === 'invalid_discount_code') return [['code', error.fields['code'] ?? error.serverMessage]];
  return Object.entries(error.fields).filter((entry): entry is [keyof CodeFormValues, string] =>
    FIELDS.includes(entry[0] as keyof CodeFormValues),
  );
}

/**
 * A whole number from 1 to `max`, or nothing. The fields take any number as typed (an InputNumber given a min
 * and a max would quietly change 0 to 1, or 2000 to 1000, as the focus leaves): what is out of range is said here.
 */
const wholeFrom1 = (max: number) => ({
  validator: (_: unknown, value: unknown) =>
    value === null || value === undefined || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max)
      ? Promise.resolve()
      : Promise.reject(new Error(CodeFormTexts.wholeNumber(max))),
});

const perthTime = {
  validator: (_: unknown, value: unknown) =>
    typeof value !== 'string' || value.trim() === '' || perthLocalToInstant(value.trim()) !== null
      ? Promise.resolve()
      : Promise.reject(new Error(CodeFormTexts.dateTime)),
};

/**
 * A new discount code: its offer (a percentage or dollars off the beers, or free shipping) and its limits (cans in
 * the order, uses in all, once per customer, a start and an end in Perth time, some beers only). What the server
 * refuses shows under the field it is about.
 */
export function DiscountCodeForm() {
  const [form] = Form.useForm<CodeFormValues>();
  const create = useCreateDiscountCode();
  const beers = useDiscountBeers();
  const toast = useToast();
  const kind = Form.useWatch('kind', form) ?? 'percent';

  const submit = (values: CodeFormValues) =>
    create.mutate(createRequestOf(values), {
      onSuccess: (view) => {
        toast.success('Code created', `${view.code}: ${view.description}`);
        form.resetFields();
      },
      onError: (error) => {
        const refused = refusedFields(error);
        if (refused.length === 0) {
          toast.error('The code could not be created', errorMessage(error));
          return;
        }
        form.setFields(refused.map(([name, message]) => ({ name, errors: [message] })));
        form.scrollToField(refused[0]?.[0], { block: 'center', focus: true });
      },
    });

  return (
    <Card title="New code" size="small" className="discounts-form">
      <Form<CodeFormValues>
        form={form}
        name="discount-code"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        noValidate
        scrollToFirstError={{ block: 'center', focus: true }}
        initialValues={INITIAL}
        // Another offer: the figure typed for the last one means something else now.
        onValuesChange={(changed: Partial<CodeFormValues>) => {
          if (changed.kind !== undefined) form.setFields([{ name: 'value', value: null, errors: [] }]);
        }}
        className="discounts-form__fields"
      >
        <Form.Item
          label={CodeFormTexts.code}
          name="code"
          extra={CodeFormTexts.codeHint}
          rules={[
            { required: true, whitespace: true, message: CodeFormTexts.codeRequired },
            { pattern: DISCOUNT_CODE_PATTERN, message: CodeFormTexts.codeShape, transform: (value: string) => value.trim() },
          ]}
        >
          <Input maxLength={32} autoComplete="off" spellCheck={false} className="discounts-form__code" />
        </Form.Item>
        <Form.Item label={CodeFormTexts.kind} name="kind" rules={[{ required: true }]}>
          <Select<DiscountKind> options={KIND_OPTIONS} />
        </Form.Item>
        {kind === 'free_shipping' ? null : (
          <Form.Item
            key={kind}
            label={kind === 'percent' ? CodeFormTexts.percent : CodeFormTexts.dollars}
            name="value"
            rules={[
              { required: true, message: CodeFormTexts.valueRequired(kind) },
              {
                validator: (_, value: unknown) => {
                  if (typeof value !== 'number') return Promise.resolve();
                  if (kind === 'percent')
                    return Number.isInteger(value) && value >= 1 && value <= 100
                      ? Promise.resolve()
                      : Promise.reject(new Error(CodeFormTexts.percentRange));
                  const cents = Number((value * 100).toFixed(6));
                  return Number.isInteger(cents) && cents >= 1 && cents <= 100_000
                    ? Promise.resolve()
                    : Promise.reject(new Error(CodeFormTexts.dollarsRange));
                },
              },
            ]}
          >
            <InputNumber
              // No min, max or step: the figure stays as typed (a step of 0.5 would show 5 as "5.0").
              prefix={kind === 'amount' ? '$' : undefined}
              suffix={kind === 'percent' ? '%' : undefined}
              inputMode="decimal"
              className="discounts-form__number"
            />
          </Form.Item>
        )}
        <Form.Item label={CodeFormTexts.minCans} name="minCans" rules={[wholeFrom1(1_000)]}>
          <InputNumber inputMode="numeric" className="discounts-form__number" />
        </Form.Item>
        <Form.Item label={CodeFormTexts.maxUses} name="maxUses" rules={[wholeFrom1(1_000_000)]}>
          <InputNumber inputMode="numeric" className="discounts-form__number" />
        </Form.Item>
        <Form.Item label={CodeFormTexts.startsAt} name="startsAt" rules={[perthTime]}>
          <Input type="datetime-local" allowClear />
        </Form.Item>
        <Form.Item
          label={CodeFormTexts.endsAt}
          name="endsAt"
          dependencies={['startsAt']}
          rules={[
            perthTime,
            ({ getFieldValue }) => ({
              validator: (_, value: unknown) => {
                const start = perthLocalToInstant(String(getFieldValue('startsAt') ?? '').trim());
                const end = typeof value === 'string' ? perthLocalToInstant(value.trim()) : null;
                return start === null || end === null || end > start
                  ? Promise.resolve()
                  : Promise.reject(new Error(CodeFormTexts.endsAfterStart));
              },
            }),
          ]}
        >
          <Input type="datetime-local" allowClear />
        </Form.Item>
        <Form.Item label={CodeFormTexts.beers} name="productIds" className="discounts-form__beers">
          <Select<string[]>
            mode="multiple"
            allowClear
            placeholder={CodeFormTexts.everyBeer}
            loading={beers.isPending}
            optionFilterProp="label"
            options={(beers.data ?? []).filter((beer) => !beer.archived).map((beer) => ({ value: beer.id, label: beer.name }))}
          />
        </Form.Item>
        <Form.Item name="onePerCustomer" valuePropName="checked" className="discounts-form__once">
          <Checkbox>{CodeFormTexts.onePerCustomer}</Checkbox>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined aria-hidden />}
          loading={create.isPending}
          className="discounts-form__submit"
        >
          {CodeFormTexts.create}
        </Button>
      </Form>
    </Card>
  );
}
