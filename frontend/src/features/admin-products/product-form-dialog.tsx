import { BEER_TYPES } from '@brewery/shop-rules';
import { Checkbox, Collapse, Form, Input, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import type { ProductFormValues } from './product-form-body';
import {
  EMPTY_PRODUCT_FORM,
  MAX_LIMIT_PER_ORDER,
  NO_BEER_TYPE,
  isImageUrl,
  limitPerOrderError,
  membersFromError,
  releaseAtError,
} from './product-form-body';
import { PictureField } from './picture-field';
import { ProductHistory } from './product-history';
import './product-form-dialog.css';

export interface ProductFormDialogProps {
  open: boolean;
  /** Null adds a product; otherwise the form starts from these values, and its history can be opened. */
  editing: { id: string; name: string; values: ProductFormValues } | null;
  saving: boolean;
  onSubmit: (values: ProductFormValues) => void;
  onCancel: () => void;
  /**
   * What the server refused in the last save, by field (`fields` of a 400 `invalid_product`): each is shown under
   * its field, as the form's own checks are. A new object for each refusal.
   */
  refused?: Readonly<Record<string, string>> | null;
}

/** The fields a refusal from the server may name. */
const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_PRODUCT_FORM));

/** The server's refusals of fields this form has, in the order it named them. */
export function refusedFormFields(refused: Readonly<Record<string, string>> | null | undefined): [keyof ProductFormValues, string][] {
  if (refused == null) return [];
  return Object.entries(refused).filter((entry): entry is [keyof ProductFormValues, string] => FORM_FIELDS.has(entry[0]));
}

const required = (label: string): Rule => ({ required: true, whitespace: true, message: `${label} is required` });

const priceRule = (label: string): Rule => ({
  validator: async (_rule, value: string | undefined) => {
    if (value === undefined || value.trim() === '') return;
    if (!/^\d{1,5}(\.\d{1,2})?$/.test(value.trim()) || Number(value) <= 0) {
      throw new Error(`${label} must be an amount above 0 with at most two decimals`);
    }
  },
});

const BEER_TYPE_OPTIONS = [{ value: NO_BEER_TYPE, label: 'None' }, ...BEER_TYPES.map((type) => ({ value: type, label: type }))];

/** The Add Product dialog, also used for editing (spec section 5, Admin product form). */
export function ProductFormDialog({ open, editing, saving, onSubmit, onCancel, refused = null }: ProductFormDialogProps) {
  const [form] = Form.useForm<ProductFormValues>();
  // Club members' early access comes before a release: with no release there is none to set.
  const releaseAt = Form.useWatch('releaseAt', form) ?? '';
  const noRelease = releaseAt.trim() === '';

  useEffect(() => {
    if (!open) return;
    // A fresh form each time it opens: no values or errors left over from the last product.
    form.resetFields();
    form.setFieldsValue(editing?.values ?? EMPTY_PRODUCT_FORM);
  }, [open, editing, form]);

  useEffect(() => {
    const fields = refusedFormFields(refused);
    if (fields.length === 0) return;
    form.setFields(fields.map(([name, message]) => ({ name, errors: [message] })));
    form.scrollToField(fields[0]?.[0], { block: 'center', focus: true });
  }, [refused, form]);

  return (
    <Modal
      open={open}
      title={editing ? `Edit Product: ${editing.name}` : 'Add Product'}
      okText={editing ? 'Save Changes' : 'Create Product'}
      okButtonProps={{ loading: saving, htmlType: 'submit' }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      width={720}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={EMPTY_PRODUCT_FORM}
        onFinish={onSubmit}
        noValidate
        className="product-form"
        name="product-form"
        requiredMark
      >
        <div className="product-form__grid">
          <Form.Item label="Name" name="name" rules={[required('Name')]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item label="Style" name="style" rules={[required('Style')]}>
            <Input maxLength={80} placeholder="Australian Pale Ale" />
          </Form.Item>
        </div>
        <Form.Item label="Description" name="description" rules={[required('Description')]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <div className="product-form__grid product-form__grid--three">
          <Form.Item
            label="ABV (%)"
            name="abv"
            rules={[
              required('ABV'),
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && (!/^\d{1,2}(\.\d)?$/.test(value.trim()) || Number(value) > 20)) {
                    throw new Error('ABV must be a number from 0 to 20 with at most one decimal');
                  }
                },
              },
            ]}
          >
            <Input type="number" step="0.1" min="0" max="20" inputMode="decimal" />
          </Form.Item>
          <Form.Item label="Single can price ($)" name="price" rules={[required('Price'), priceRule('Price')]}>
            <Input type="number" step="0.01" min="0" inputMode="decimal" />
          </Form.Item>
          <Form.Item
            label="Inventory (cans)"
            name="inventory"
            rules={[
              required('Inventory'),
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && !/^\d+$/.test(value.trim())) throw new Error('Inventory must be a whole number of cans, 0 or more');
                },
              },
            ]}
          >
            <Input type="number" step="1" min="0" inputMode="numeric" />
          </Form.Item>
          <Form.Item
            label="Limit per order (cans)"
            name="maxPerOrder"
            extra="Empty for no limit"
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const error = limitPerOrderError(value);
                  if (error !== null) throw new Error(error);
                },
              },
            ]}
          >
            <Input type="number" step="1" min="1" max={MAX_LIMIT_PER_ORDER} inputMode="numeric" />
          </Form.Item>
        </div>
        <Form.Item
          label="Image URL"
          name="imageUrl"
          extra="Upload a PNG, JPEG or WebP (at most 5 MB), pick one uploaded before, or give a path on this site such as /cans/quokka-pale-ale.svg"
          rules={[
            required('Image URL'),
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && value.trim() !== '' && !isImageUrl(value))
                  throw new Error('Image URL must be an http(s) address or a path starting with /');
              },
            },
          ]}
        >
          <PictureField />
        </Form.Item>

        <fieldset className="product-form__packs">
          <legend>Pack prices (optional; empty means the single price times the pack size)</legend>
          <div className="product-form__grid product-form__grid--three">
            <Form.Item label="4 Pack price ($)" name="price4Pack" rules={[priceRule('4 Pack price')]}>
              <Input type="number" step="0.01" min="0" inputMode="decimal" />
            </Form.Item>
            <Form.Item label="8 Pack price ($)" name="price8Pack" rules={[priceRule('8 Pack price')]}>
              <Input type="number" step="0.01" min="0" inputMode="decimal" />
            </Form.Item>
            <Form.Item label="16 Pack price ($)" name="price16Pack" rules={[priceRule('16 Pack price')]}>
              <Input type="number" step="0.01" min="0" inputMode="decimal" />
            </Form.Item>
          </div>
          <div className="product-form__checks">
            <Form.Item name="enable4Pack" valuePropName="checked" noStyle>
              <Checkbox>Enable 4 Pack</Checkbox>
            </Form.Item>
            <Form.Item name="enable8Pack" valuePropName="checked" noStyle>
              <Checkbox>Enable 8 Pack</Checkbox>
            </Form.Item>
            <Form.Item name="enable16Pack" valuePropName="checked" noStyle>
              <Checkbox>Enable 16 Pack</Checkbox>
            </Form.Item>
          </div>
        </fieldset>

        <div className="product-form__grid">
          <Form.Item label="Beer type" name="beerType">
            <Select options={BEER_TYPE_OPTIONS} aria-label="Beer type" />
          </Form.Item>
          <div className="product-form__checks product-form__checks--state">
            <Form.Item name="isActive" valuePropName="checked" noStyle>
              <Checkbox>Active (live in shop)</Checkbox>
            </Form.Item>
            <Form.Item name="archived" valuePropName="checked" noStyle>
              <Checkbox>Archived</Checkbox>
            </Form.Item>
          </div>
        </div>
        <div className="product-form__grid">
          <Form.Item
            className="product-form__release"
            label="Release at (Perth time)"
            name="releaseAt"
            extra="Empty: on sale as soon as it is live. Until then the shop shows a countdown."
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const error = releaseAtError(value);
                  if (error !== null) throw new Error(error);
                },
              },
            ]}
          >
            {/* The browser's own date and time picker: a phone opens its wheel, a laptop takes typing. */}
            <Input type="datetime-local" allowClear />
          </Form.Item>
          <Form.Item
            className="product-form__members-from"
            label="Club members from (Perth time)"
            name="membersFrom"
            dependencies={['releaseAt']}
            extra={
              noRelease
                ? 'Set a release first: club members may buy before it.'
                : 'Optional: beer club members may buy it from then, before the release. Empty: they wait for the release too.'
            }
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  const error = membersFromError(value, String(getFieldValue('releaseAt') ?? ''));
                  if (error !== null) throw new Error(error);
                },
              }),
            ]}
          >
            <Input type="datetime-local" allowClear disabled={noRelease} />
          </Form.Item>
        </div>
      </Form>
      {editing ? (
        <Collapse
          className="product-form__history"
          // Loaded when opened, and opened afresh for each product.
          key={editing.id}
          items={[{ key: 'history', label: 'Product history', children: <ProductHistory productId={editing.id} /> }]}
        />
      ) : null}
    </Modal>
  );
}
