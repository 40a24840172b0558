import { Form, Input } from 'antd';
import { ANALYTICS_TEXTS } from './analytics-texts';

/** A report's two Perth days (`startDate`, `endDate`), both required, under the labels the card gives them. */
export function PeriodFields({ startLabel, endLabel }: { startLabel: string; endLabel: string }) {
  return (
    <>
      <Form.Item name="startDate" label={startLabel} rules={[{ required: true, message: ANALYTICS_TEXTS.datesRequired }]}>
        <Input type="date" />
      </Form.Item>
      <Form.Item name="endDate" label={endLabel} rules={[{ required: true, message: ANALYTICS_TEXTS.datesRequired }]}>
        <Input type="date" />
      </Form.Item>
    </>
  );
}
