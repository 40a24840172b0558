import type { ReactNode } from 'react';
import { PageMeta } from '@/shared/ui/page-meta';
import './policy-page.css';

export interface PolicyPageProps {
  title: string;
  description: string;
  path: string;
  children: ReactNode;
}

/** A page of the shop's terms (delivery, returns, privacy): a title, then sections, readable at 320 px. */
export function PolicyPage({ title, description, path, children }: PolicyPageProps) {
  return (
    <main id="main-content" className="page page--narrow policy-page">
      <PageMeta title={title} description={description} path={path} />
      <h1 className="page__title">{title}</h1>
      <p className="policy-page__lead">{description}</p>
      {children}
    </main>
  );
}
