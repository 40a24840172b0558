import { PlainButton } from '@/shared/ui/plain-button';
import { PlainResult } from '@/shared/ui/plain-ui';
import { reloadPage } from '@/shared/browser/page-navigation';
import { PageMeta } from '@/shared/ui/page-meta';

/**
 * Shown when a route fails to render or its code cannot be downloaded (for example after a new release
 * replaced the chunks); a reload fetches the current ones.
 */
export function RouteErrorPage() {
  return (
    <main id="main-content" className="page page--narrow">
      <PageMeta title="Something went wrong" noindex />
      <PlainResult
        title={<h1 className="page__title">Something went wrong</h1>}
        subtitle="This page could not be shown. Reloading usually fixes it; your pack is kept."
        actions={
          <PlainButton variant="primary" onClick={reloadPage}>
            Reload page
          </PlainButton>
        }
      />
    </main>
  );
}
