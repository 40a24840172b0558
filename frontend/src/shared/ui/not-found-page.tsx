import { PlainResult } from '@/shared/ui/plain-ui';
import { PlainButtonLink } from '@/shared/ui/plain-button';
import { PageMeta } from '@/shared/ui/page-meta';

export interface NotFoundPageProps {
  homeHref: string;
  shopHref: string;
}

export function NotFoundPage({ homeHref, shopHref }: NotFoundPageProps) {
  return (
    <main id="main-content" className="page page--narrow not-found">
      <PageMeta title="Page Not Found" noindex />
      <PlainResult
        icon={<img src="/cans/swan-valley-lager.svg" alt="" width={120} height={198} className="not-found__art" />}
        title={<h1 className="page__title">Page Not Found</h1>}
        subtitle="Sorry, we couldn't find that page. It may have moved, or the link may be mistyped."
        actions={
          <>
            <PlainButtonLink variant="primary" to={homeHref}>
              Return to Home
            </PlainButtonLink>
            <PlainButtonLink to={shopHref}>Browse the Shop</PlainButtonLink>
          </>
        }
      />
    </main>
  );
}
