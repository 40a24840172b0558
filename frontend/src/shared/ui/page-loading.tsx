import { Spin } from 'antd';

/** Shown while a route's code arrives. */
export function PageLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Spin size="large" description="Loading" />
    </div>
  );
}
