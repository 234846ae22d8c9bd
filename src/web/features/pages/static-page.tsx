import { useParams } from 'react-router';
import { STATIC_PAGES, type StaticPage as StaticPageName } from '@contract/routes';
import { NotFoundPage } from '@web/components/error-page';
import { ContentPage } from './content-page';

const isStaticPage = (slug: string | undefined): slug is StaticPageName =>
  (STATIC_PAGES as readonly string[]).includes(slug ?? '');

/** /pages/{slug}: terms, privacy, cookies, ban, return policy, FAQ and service (spec §2). */
export function StaticPage() {
  const { slug } = useParams();
  if (!isStaticPage(slug)) return <NotFoundPage />;
  return <ContentPage key={slug} page={slug} />;
}
