import { Result } from 'antd';
import { ButtonLink } from '@/shared/ui/button-link';

export interface NotFoundPageProps {
  homeHref: string;
  shopHref: string;
}

export function NotFoundPage({ homeHref, shopHref }: NotFoundPageProps) {
  return (
    <main id="main-content" className="page page--narrow">
      <title>Page Not Found</title>
      <Result
        status="404"
        title={<h1 className="page__title">Page Not Found</h1>}
        subTitle="Sorry, we couldn't find that page. It may have moved, or the link may be mistyped."
        extra={[
          <ButtonLink key="home" type="primary" to={homeHref}>
            Return to Home
          </ButtonLink>,
          <ButtonLink key="shop" to={shopHref}>
            Browse the Shop
          </ButtonLink>,
        ]}
      />
    </main>
  );
}
