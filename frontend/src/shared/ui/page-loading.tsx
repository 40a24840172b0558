import { Spinner } from './plain-ui';

/** Shown while a route's code arrives. */
export function PageLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Spinner label="Loading" />
    </div>
  );
}
