import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { perthLocalToInstant } from '@brewery/shop-rules';
import { Button, Card, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { everyWords } from '@/shared/format/club-status';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useAdminClubPlans, useClubBeers, useCreateClubRun } from './api/club-admin';
import {
  cansOf,
  cansTally,
  createRunRequestOf,
  itemsProblem,
  refusedRunFields,
  RunFormTexts,
  type RunFormValues,
  type RunItemValues,
} from './run-form-body';

const INITIAL: RunFormValues = { chargeAt: '', items: [{}] };

const perthTime = {
  validator: (_: unknown, value: unknown) =>
    typeof value !== 'string' || value.trim() === '' || perthLocalToInstant(value.trim()) !== null
      ? Promise.resolve()
      : Promise.reject(new Error(RunFormTexts.dateTime)),
};

const wholeCans = {
  validator: (_: unknown, value: unknown) =>
    value === null || value === undefined || (Number.isInteger(value) && (value as number) >= 1)
      ? Promise.resolve()
      : Promise.reject(new Error(RunFormTexts.wholeCans)),
};

/**
 * A new run: the plan, when its members are charged (Perth time), and the beers that fill its pack, with a running
 * "x of N cans" that must come to the plan's cans. What the server refuses shows under the field it is about (a beer
 * short of stock under the beers).
 */
export function RunForm() {
  const [form] = Form.useForm<RunFormValues>();
  const plans = useAdminClubPlans();
  const beers = useClubBeers();
  const create = useCreateClubRun();
  const toast = useToast();
  const planId = Form.useWatch('planId', form);
  const items: RunItemValues[] = Form.useWatch('items', form) ?? [];
  const plan = (plans.data ?? []).find((candidate) => candidate.planId === planId) ?? null;
  const planCans = plan?.cans ?? null;
  const counted = cansOf(items);
  /** A refusal of the beers by the server (stock, a beer not on sale), until the beers change. */
  const [itemsRefusal, setItemsRefusal] = useState<string | null>(null);

  const submit = (values: RunFormValues) => {
    setItemsRefusal(null);
    create.mutate(createRunRequestOf(values), {
      onSuccess: (run) => {
        toast.success('Run created', `${run.planName}: charged ${perthDateTime(run.chargeAt)}`);
        form.resetFields();
      },
      onError: (error) => {
        const refused = refusedRunFields(error);
        if (refused.length === 0) {
          toast.error('The run could not be created', errorMessage(error));
          return;
        }
        for (const [field, message] of refused) {
          if (field === 'items') setItemsRefusal(message);
          else form.setFields([{ name: field, errors: [message] }]);
        }
        const first = refused.find(([field]) => field !== 'items');
        if (first !== undefined) form.scrollToField(first[0], { block: 'center', focus: true });
      },
    });
  };

  const beerOptions = (beers.data ?? []).filter((beer) => !beer.archived).map((beer) => ({ value: beer.id, label: beer.name }));

  return (
    <Card title="New run" size="small" className="club-admin__form-card">
      <Form<RunFormValues>
        form={form}
        name="club-run"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        noValidate
        scrollToFirstError={{ block: 'center', focus: true }}
        initialValues={INITIAL}
        onValuesChange={(changed: Partial<RunFormValues>) => {
          if (changed.items !== undefined || changed.planId !== undefined) setItemsRefusal(null);
        }}
        className="club-admin__fields"
        data-testid="club-run-form"
      >
        <Form.Item label={RunFormTexts.plan} name="planId" rules={[{ required: true, message: RunFormTexts.planRequired }]}>
          <Select<string>
            loading={plans.isPending}
            placeholder="Choose a plan"
            options={(plans.data ?? []).map((option) => ({
              value: option.planId,
              label: `${option.name} (${option.cans} cans ${everyWords(option.every)})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          label={RunFormTexts.chargeAt}
          name="chargeAt"
          rules={[{ required: true, whitespace: true, message: RunFormTexts.chargeAtRequired }, perthTime]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <div className="club-admin__wide club-run-form__beers" role="group" aria-labelledby="club-run-beers-title">
          <p id="club-run-beers-title" className="club-run-form__beers-title">
            Beers
          </p>
          <Form.List
            name="items"
            rules={[
              {
                validator: (_, value: RunItemValues[] | undefined) => {
                  const problem = itemsProblem(value ?? [], planCans);
                  return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, index) => (
                  <div key={field.key} className="club-run-form__row">
                    <Form.Item
                      label={RunFormTexts.beer(index + 1)}
                      name={[field.name, 'productId']}
                      rules={[{ required: true, message: RunFormTexts.beerRequired }]}
                      className="club-run-form__beer"
                    >
                      <Select<string>
                        showSearch={{ optionFilterProp: 'label' }}
                        placeholder="Choose a beer"
                        loading={beers.isPending}
                        options={beerOptions}
                      />
                    </Form.Item>
                    <Form.Item
                      label={RunFormTexts.cans(index + 1)}
                      name={[field.name, 'quantity']}
                      rules={[{ required: true, message: RunFormTexts.wholeCans }, wholeCans]}
                      className="club-run-form__quantity"
                    >
                      <InputNumber inputMode="numeric" className="club-admin__number" />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined aria-hidden />}
                      onClick={() => remove(field.name)}
                      disabled={fields.length === 1}
                      aria-label={RunFormTexts.remove(index + 1)}
                      className="club-run-form__remove"
                    />
                  </div>
                ))}
                {/* In a form item, the beers' errors read as errors (and are announced as they change). */}
                <Form.Item className="club-run-form__footer-item">
                  <div className="club-run-form__footer">
                    <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({})}>
                      {RunFormTexts.addBeer}
                    </Button>
                    <p
                      className={`club-run-form__tally${planCans !== null && counted === planCans ? ' club-run-form__tally--full' : ''}`}
                      aria-live="polite"
                      data-testid="club-run-cans"
                    >
                      {cansTally(counted, planCans)}
                    </p>
                  </div>
                  {planCans === null ? <p className="club-admin__muted">{RunFormTexts.choosePlanFirst}</p> : null}
                  <div aria-live="polite" data-testid="club-run-items-error">
                    <Form.ErrorList errors={itemsRefusal === null ? errors : [...errors, itemsRefusal]} />
                  </div>
                </Form.Item>
              </>
            )}
          </Form.List>
        </div>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined aria-hidden />}
          loading={create.isPending}
          className="club-admin__submit"
        >
          {RunFormTexts.create}
        </Button>
      </Form>
    </Card>
  );
}
