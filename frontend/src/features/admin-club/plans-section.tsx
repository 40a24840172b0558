import { PlusOutlined } from '@ant-design/icons';
import type { ClubCans, ClubEvery } from '@brewery/shop-rules';
import { CLUB_CANS } from '@brewery/shop-rules';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Skeleton, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { everyWords } from '@/shared/format/club-status';
import { money } from '@/shared/format/money';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useAdminClubPlans, useCreateClubPlan, type ClubPlanView, type CreateClubPlanRequest } from './api/club-admin';
import { CLUB_CARDS_QUERY } from './club-layout';

export interface PlanFormValues {
  name: string;
  cans: ClubCans;
  every: ClubEvery;
  price?: number | null;
  description: string;
}

const PLAN_FIELDS: readonly (keyof PlanFormValues)[] = ['name', 'cans', 'every', 'price', 'description'];

export const PlanFormTexts = {
  name: 'Plan name',
  nameRequired: 'Enter the plan’s name',
  cans: 'Cans a pack',
  every: 'Every',
  price: 'Price (GST included)',
  priceRequired: 'Enter the price',
  priceRange: 'From $0.01, in whole cents',
  description: 'Description',
  create: 'Create plan',
} as const;

/** The request from the form: trimmed, the price as typed. */
export function createPlanRequestOf(values: PlanFormValues): CreateClubPlanRequest {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    cans: values.cans,
    every: values.every,
    price: values.price ?? '',
    ...(description === '' ? {} : { description }),
  };
}

/** The fields a refusal names: the name for `club_plan_name_taken`, else those the server listed. */
export function refusedPlanFields(error: unknown): [keyof PlanFormValues, string][] {
  if (!(error instanceof ApiError)) return [];
  if (error.code === 'club_plan_name_taken') return [['name', error.fields['name'] ?? error.serverMessage]];
  return Object.entries(error.fields).filter((entry): entry is [keyof PlanFormValues, string] =>
    PLAN_FIELDS.includes(entry[0] as keyof PlanFormValues),
  );
}

const INITIAL: PlanFormValues = { name: '', cans: 16, every: 'month', price: null, description: '' };

function PlanForm() {
  const [form] = Form.useForm<PlanFormValues>();
  const create = useCreateClubPlan();
  const toast = useToast();

  const submit = (values: PlanFormValues) =>
    create.mutate(createPlanRequestOf(values), {
      onSuccess: (plan) => {
        toast.success('Plan created', `${plan.name}: ${plan.cans} cans ${everyWords(plan.every)}`);
        form.resetFields();
      },
      onError: (error) => {
        const refused = refusedPlanFields(error);
        if (refused.length === 0) {
          toast.error('The plan could not be created', errorMessage(error));
          return;
        }
        form.setFields(refused.map(([name, message]) => ({ name, errors: [message] })));
        form.scrollToField(refused[0]?.[0], { block: 'center', focus: true });
      },
    });

  return (
    <Card title="New plan" size="small" className="club-admin__form-card">
      <Form<PlanFormValues>
        form={form}
        name="club-plan"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        noValidate
        scrollToFirstError={{ block: 'center', focus: true }}
        initialValues={INITIAL}
        className="club-admin__fields"
      >
        <Form.Item
          label={PlanFormTexts.name}
          name="name"
          rules={[{ required: true, whitespace: true, message: PlanFormTexts.nameRequired }]}
        >
          <Input maxLength={80} autoComplete="off" />
        </Form.Item>
        <Form.Item label={PlanFormTexts.cans} name="cans" rules={[{ required: true }]}>
          <Select<ClubCans> options={CLUB_CANS.map((cans) => ({ value: cans, label: `${cans} cans` }))} />
        </Form.Item>
        <Form.Item label={PlanFormTexts.every} name="every" rules={[{ required: true }]}>
          <Select<ClubEvery>
            options={[
              { value: 'month', label: 'Month' },
              { value: 'quarter', label: 'Quarter' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={PlanFormTexts.price}
          name="price"
          rules={[
            { required: true, message: PlanFormTexts.priceRequired },
            {
              validator: (_, value: unknown) => {
                if (typeof value !== 'number') return Promise.resolve();
                const cents = Number((value * 100).toFixed(6));
                return Number.isInteger(cents) && cents >= 1 ? Promise.resolve() : Promise.reject(new Error(PlanFormTexts.priceRange));
              },
            },
          ]}
        >
          <InputNumber prefix="$" inputMode="decimal" className="club-admin__number" />
        </Form.Item>
        <Form.Item label={PlanFormTexts.description} name="description" className="club-admin__wide">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined aria-hidden />}
          loading={create.isPending}
          className="club-admin__submit"
        >
          {PlanFormTexts.create}
        </Button>
      </Form>
    </Card>
  );
}

/** The plans: a new one, and every plan with its pack, rhythm and price. On a phone each plan is a card. */
export function PlansSection() {
  const plans = useAdminClubPlans();
  const cards = useMediaQuery(CLUB_CARDS_QUERY);

  const columns: TableColumnsType<ClubPlanView> = [
    { title: 'Plan', key: 'name', render: (_, plan) => <strong>{plan.name}</strong> },
    { title: 'Pack', key: 'pack', render: (_, plan) => `${plan.cans} cans ${everyWords(plan.every)}` },
    { title: 'Price', key: 'price', align: 'right', render: (_, plan) => money(plan.price) },
    { title: 'Description', key: 'description', render: (_, plan) => plan.description },
    { title: 'Created', key: 'createdAt', render: (_, plan) => perthDateTime(plan.createdAt) },
  ];
  const cardColumns: TableColumnsType<ClubPlanView> = [
    {
      title: 'Plans',
      key: 'card',
      render: (_, plan) => (
        <article className="club-admin-card" aria-label={plan.name}>
          <strong>{plan.name}</strong>
          <span>
            {plan.cans} cans {everyWords(plan.every)} · {money(plan.price)}
          </span>
          {plan.description === '' ? null : <span className="club-admin__muted">{plan.description}</span>}
        </article>
      ),
    },
  ];

  return (
    <section className="club-admin__section" aria-labelledby="club-plans-title">
      <h3 id="club-plans-title" className="club-admin__subtitle">
        Plans
      </h3>
      <PlanForm />
      {plans.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : plans.isError ? (
        <Alert type="error" showIcon title="The plans could not be loaded" description={errorMessage(plans.error)} />
      ) : (
        <Table<ClubPlanView>
          className="club-admin__table"
          aria-label="Club plans"
          rowKey="planId"
          size="small"
          columns={cards ? cardColumns : columns}
          showHeader={!cards}
          dataSource={plans.data}
          pagination={false}
          scroll={cards ? undefined : { x: 'max-content' }}
          locale={{ emptyText: 'No plans yet' }}
        />
      )}
    </section>
  );
}
