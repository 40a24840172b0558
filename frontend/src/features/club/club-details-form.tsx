import type { ShippingState } from '@brewery/shop-rules';
import { COLLECTION_REMINDER, SHIPPING_STATES, isEmailAddress, isShippingState, postcodeBelongsToState } from '@brewery/shop-rules';
import { Alert, Button, Col, Form, Input, Radio, Row, Select } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { ClubDetailsTexts, type ClubDetailsValues } from './club-details';

export interface ClubDetailsFormProps {
  form: FormInstance<ClubDetailsValues>;
  busy: boolean;
  submitLabel: string;
  onSubmit: (values: ClubDetailsValues) => void;
  initialValues?: Partial<ClubDetailsValues>;
  /** Said under the delivery choice (what delivery adds to each pack). */
  deliveryNote?: string;
  /** Beside the submit button (Cancel, when changing details). */
  extraActions?: ReactNode;
  /** The form's accessible name. */
  label: string;
}

/**
 * The member's details, as the checkout asks them: delivered or collected at the cellar door (no day to choose: the
 * Saturday after each run), name, e-mail and phone, and for a delivery a street address in one of the eight states.
 */
export function ClubDetailsForm({
  form,
  busy,
  submitLabel,
  onSubmit,
  initialValues,
  deliveryNote,
  extraActions,
  label,
}: ClubDetailsFormProps) {
  const pickup = Form.useWatch('fulfilment', form) === 'pickup';

  return (
    <Form<ClubDetailsValues>
      form={form}
      layout="vertical"
      requiredMark
      noValidate
      scrollToFirstError={{ block: 'center', focus: true }}
      onFinish={onSubmit}
      initialValues={{ fulfilment: 'delivery', ...initialValues }}
      className="club-details-form"
      aria-label={label}
      disabled={busy}
    >
      <Form.Item name="fulfilment" label="Delivery or collection" extra={pickup ? ClubDetailsTexts.collectLine : deliveryNote}>
        <Radio.Group
          aria-label="Delivery or collection"
          className="club-details-form__choices"
          options={[
            { value: 'delivery', label: ClubDetailsTexts.deliver },
            { value: 'pickup', label: ClubDetailsTexts.collect },
          ]}
        />
      </Form.Item>
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
          <Form.Item name="phone" label="Phone" rules={[{ required: true, whitespace: true, message: 'Please enter your phone number' }]}>
            <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="04XX XXX XXX" />
          </Form.Item>
        </Col>
      </Row>
      {pickup ? (
        <p className="club-details-form__note">{COLLECTION_REMINDER}</p>
      ) : (
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
                <Input autoComplete="postal-code" inputMode="numeric" maxLength={4} placeholder="6000" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={7}>
              <Form.Item name="state" label="State" rules={[{ required: true, message: 'Please choose your state' }]}>
                <Select<ShippingState>
                  placeholder="Select"
                  aria-label="State"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={SHIPPING_STATES.map((code) => ({ value: code, label: code }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      <Alert type="warning" role="note" className="club-details-form__adults" title="18+ only" description={ClubDetailsTexts.adults} />
      <div className="club-details-form__actions">
        <Button type="primary" htmlType="submit" size="large" loading={busy} disabled={busy} className="club-details-form__submit">
          {busy ? 'Processing...' : submitLabel}
        </Button>
        {extraActions}
      </div>
    </Form>
  );
}
