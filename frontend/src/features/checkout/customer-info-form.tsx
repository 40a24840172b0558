import type { CustomerInfo, Fulfilment, FulfilmentMethod, ShippingState } from '@brewery/shop-rules';
import {
  CELLAR_DOOR_HOURS,
  DELIVERY,
  SHIPPING_STATES,
  isEmailAddress,
  isOpenPickupDate,
  isPerthMetro,
  isShippingState,
  openPickupDates,
  pickupDayLabel,
  postcodeBelongsToState,
} from '@brewery/shop-rules';
import { Alert, Button, Col, Form, Input, Radio, Row, Select } from 'antd';
import type { FormInstance, FormProps, SelectProps } from 'antd';
import { PickupTexts } from './checkout-messages';

/**
 * The form's fields: the spec's customer info, with the state unset until one is picked, and how the order
 * reaches the customer (delivered unless they choose to collect it, on the Saturday they choose).
 */
export type CustomerFormValues = Omit<CustomerInfo, 'state'> & {
  state?: ShippingState;
  fulfilment?: FulfilmentMethod;
  /** `YYYY-MM-DD`, one of the open Saturdays. */
  pickupDate?: string;
};

/** What the form hands on: who the customer is, and how the order reaches them. */
export interface CheckoutDetails {
  customer: CustomerInfo;
  fulfilment: Fulfilment;
}

export const REQUIRED_FIELDS = ['name', 'email', 'phone', 'addressLine1', 'suburb', 'postCode', 'state'] as const;
/** A collection needs no address: who collects, how to reach them, and the day. */
export const REQUIRED_PICKUP_FIELDS = ['name', 'email', 'phone', 'pickupDate'] as const;

export const PERTH_METRO_NOTE = '✓ Perth Metro delivery detected - $10 flat rate shipping';

/** The states' names, for typing them in the State select. */
const STATE_NAMES: Readonly<Record<string, string>> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  WA: 'Western Australia',
  SA: 'South Australia',
  TAS: 'Tasmania',
  ACT: 'Australian Capital Territory',
  NT: 'Northern Territory',
};

/** The state a typed or autofilled text names exactly ("wa", "WA", "Western Australia"), or null. */
function stateNamed(text: string): ShippingState | null {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return null;
  return SHIPPING_STATES.find((code) => code.toLowerCase() === wanted || (STATE_NAMES[code] ?? '').toLowerCase() === wanted) ?? null;
}

/**
 * The State select, as a form control: its text box carries the address's state token (`address-level1`), so a
 * browser's address autofill fills it with the rest of the address; what it fills (or what is typed) that names
 * a state exactly chooses that state.
 */
function StateSelect({ value, onChange, ...rest }: Omit<SelectProps<ShippingState>, 'options' | 'showSearch' | 'components'>) {
  return (
    <Select<ShippingState>
      {...rest}
      value={value}
      onChange={onChange}
      placeholder="Select"
      options={SHIPPING_STATES.map((code) => ({ value: code, label: code }))}
      aria-label="State"
      components={{ input: <input autoComplete="address-level1" /> }}
      // Typing picks: "WA" then Enter chooses WA (the first state whose code or name starts with what was
      // typed: "Western" finds WA too).
      showSearch={{
        filterOption: (typed, option) => {
          const wanted = typed.trim().toLowerCase();
          const code = String(option?.value ?? '');
          return code.toLowerCase().startsWith(wanted) || (STATE_NAMES[code] ?? '').toLowerCase().startsWith(wanted);
        },
        onSearch: (typed) => {
          const named = stateNamed(typed);
          if (named !== null && named !== value) onChange?.(named, { value: named, label: named });
        },
      }}
    />
  );
}

/**
 * Puts focus on the first field the form refused. antd focuses a text box or a select itself; a group of radio
 * buttons (the collection day) is not focusable as a whole, so its checked or first button takes the focus.
 */
function focusRadioGroup(name: string): void {
  const group = document.getElementById(name);
  if (group === null || group.matches('input, button, select, textarea')) return;
  const radio =
    group.querySelector<HTMLInputElement>('input[type="radio"]:checked') ?? group.querySelector<HTMLInputElement>('input[type="radio"]');
  radio?.focus();
}

export interface CustomerInfoFormProps {
  form: FormInstance<CustomerFormValues>;
  busy: boolean;
  /** The server asked this browser to wait: the fields stay editable, the button waits. */
  submitBlocked?: boolean;
  onSubmit: (details: CheckoutDetails) => void;
  /** Some required field is blank (the spec's 'Missing Information' toast). */
  onMissingInformation: () => void;
  /** What the customer typed so far, at every change (kept for the session). */
  onDetailsChange?: (values: Partial<CustomerFormValues>) => void;
  /** What the form starts with (the details kept from before a reload). */
  initialValues?: Partial<CustomerFormValues>;
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** Who collects at the cellar door: the address fields go empty (and whatever was typed in them stays here). */
function collector(values: CustomerFormValues): CustomerInfo {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    addressLine1: '',
    suburb: '',
    postCode: '',
    state: '',
  };
}

function trimmed(values: CustomerFormValues & { state: ShippingState }): CustomerInfo {
  const addressLine2 = values.addressLine2?.trim() ?? '';
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    addressLine1: values.addressLine1.trim(),
    ...(addressLine2 === '' ? {} : { addressLine2 }),
    suburb: values.suburb.trim(),
    postCode: values.postCode.trim(),
    state: values.state,
  };
}

/**
 * Delivery or collection first (it decides what else is asked); then name, e-mail and phone; then, for a
 * delivery, a street address in one of the eight states the brewery ships to, or, for a collection, the Saturday.
 */
export function CustomerInfoForm({
  form,
  busy,
  submitBlocked = false,
  onSubmit,
  onMissingInformation,
  onDetailsChange,
  initialValues,
}: CustomerInfoFormProps) {
  const pickup = Form.useWatch('fulfilment', form) === 'pickup';
  const state = Form.useWatch('state', form);
  const postCode = Form.useWatch('postCode', form) ?? '';
  const perthMetro = state !== undefined && isPerthMetro(state, postCode);
  // Asked afresh at each render: a page left open past a Friday noon stops offering the Saturday after it.
  const pickupDates = openPickupDates(new Date());

  const finish = (values: CustomerFormValues) => {
    if (submitBlocked) return;
    if (values.fulfilment === 'pickup') {
      if (values.pickupDate === undefined) {
        onMissingInformation();
        return;
      }
      onSubmit({ customer: collector(values), fulfilment: { method: 'pickup', pickupDate: values.pickupDate } });
      return;
    }
    if (values.state === undefined || !isShippingState(values.state)) {
      onMissingInformation();
      return;
    }
    onSubmit({ customer: trimmed({ ...values, state: values.state }), fulfilment: DELIVERY });
  };

  const finishFailed: FormProps<CustomerFormValues>['onFinishFailed'] = ({ values, errorFields }) => {
    const first = errorFields[0]?.name[0];
    if (first !== undefined) focusRadioGroup(String(first));
    const required = values.fulfilment === 'pickup' ? REQUIRED_PICKUP_FIELDS : REQUIRED_FIELDS;
    if (required.some((field) => isBlank(values[field]))) onMissingInformation();
  };

  return (
    <Form<CustomerFormValues>
      form={form}
      layout="vertical"
      requiredMark
      noValidate
      // After a refused submit the first field to put right has the focus (and is in view), not the button.
      scrollToFirstError={{ block: 'center', focus: true }}
      onFinish={finish}
      onFinishFailed={finishFailed}
      initialValues={{ fulfilment: 'delivery', ...initialValues }}
      // The whole store, with the address typed before switching to a collection (its fields are not shown then).
      onValuesChange={() => onDetailsChange?.(form.getFieldsValue(true) as Partial<CustomerFormValues>)}
      className="checkout-form"
      aria-label="Customer Information"
      disabled={busy}
    >
      <Form.Item name="fulfilment" label="Delivery or collection" className="checkout-form__fulfilment">
        <Radio.Group
          aria-label="Delivery or collection"
          className="checkout-form__choices"
          options={[
            { value: 'delivery', label: PickupTexts.deliver },
            { value: 'pickup', label: PickupTexts.collect },
          ]}
        />
      </Form.Item>
      {pickup ? (
        <Form.Item
          name="pickupDate"
          label="Collection day"
          extra={`The cellar door is open ${CELLAR_DOOR_HOURS} on Saturdays.`}
          rules={[
            { required: true, message: PickupTexts.chooseDay },
            {
              validator: (_, value: unknown) =>
                typeof value !== 'string' || isOpenPickupDate(value, new Date())
                  ? Promise.resolve()
                  : Promise.reject(new Error(PickupTexts.dayClosed)),
            },
          ]}
        >
          <Radio.Group
            aria-label="Collection day"
            className="checkout-form__choices checkout-form__days"
            options={pickupDates.map((date) => ({ value: date, label: pickupDayLabel(date) }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="name" label="Full name" rules={[{ required: true, whitespace: true, message: 'Please enter your name' }]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="email"
            label="Email"
            rules={[
              { required: true, whitespace: true, message: 'Please enter your email' },
              {
                // The server's own rule (the HTML standard's), so the form refuses exactly what checkout would.
                validator: (_, value: unknown) =>
                  typeof value !== 'string' || value.trim() === '' || isEmailAddress(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error('Please enter an email address such as name@example.com')),
              },
            ]}
          >
            <Input type="email" autoComplete="email" inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="phone"
            label="Phone"
            extra="04XX XXX XXX"
            rules={[{ required: true, whitespace: true, message: 'Please enter your phone number' }]}
          >
            <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="04XX XXX XXX" />
          </Form.Item>
        </Col>
      </Row>
      {pickup ? null : (
        <>
          <Form.Item
            name="addressLine1"
            label="Street address"
            rules={[{ required: true, whitespace: true, message: 'Please enter a street address' }]}
          >
            <Input autoComplete="address-line1" />
          </Form.Item>
          <Form.Item name="addressLine2" label="Address line 2 (optional)">
            <Input autoComplete="address-line2" placeholder="Unit, level or building" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={10}>
              <Form.Item name="suburb" label="Suburb" rules={[{ required: true, whitespace: true, message: 'Please enter your suburb' }]}>
                <Input autoComplete="address-level2" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={7}>
              <Form.Item
                name="postCode"
                label="Postcode"
                dependencies={['state']}
                rules={[
                  { required: true, whitespace: true, message: 'Please enter your postcode' },
                  { pattern: /^\s*\d{4}\s*$/, message: 'Four digits, e.g. 6000' },
                  ({ getFieldValue }) => ({
                    validator: (_rule, value: unknown) => {
                      const chosen: unknown = getFieldValue('state');
                      const code = typeof value === 'string' ? value.trim() : '';
                      if (typeof chosen !== 'string' || !isShippingState(chosen) || !/^\d{4}$/.test(code)) return Promise.resolve();
                      if (postcodeBelongsToState(code, chosen)) return Promise.resolve();
                      return Promise.reject(new Error(`${code} is not a ${chosen} postcode`));
                    },
                  }),
                ]}
              >
                <Input autoComplete="postal-code" inputMode="numeric" maxLength={4} placeholder="4000" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={7}>
              <Form.Item name="state" label="State" rules={[{ required: true, message: 'Please choose your state' }]}>
                <StateSelect />
              </Form.Item>
            </Col>
          </Row>

          {perthMetro ? (
            <Alert type="success" showIcon={false} className="checkout-form__perth" title={PERTH_METRO_NOTE} role="status" />
          ) : null}

          <Alert
            type="warning"
            // Standing text, read in its place: not an alert that interrupts on load.
            role="note"
            className="checkout-form__notice"
            title="Delivery information"
            description={
              <ul className="checkout-form__notice-list">
                <li>We deliver only within Australia.</li>
                <li>We cannot deliver to Parcel Post, Parcel Lockers or PO Boxes.</li>
                <li>Alcohol deliveries need a physical street address.</li>
                <li>Someone over 18 must be present to receive the delivery.</li>
              </ul>
            }
          />
        </>
      )}

      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        disabled={busy || submitBlocked}
        className="checkout-form__submit"
      >
        {busy ? 'Processing...' : 'Continue to Payment'}
      </Button>
    </Form>
  );
}
