import { useParams } from 'react-router';
import { STATIC_PAGES, type StaticPage as StaticPageName, pathFor } from '@contract/routes';
import { NotFoundPage } from '@web/components/error-page';
import { ContentPage } from './content-page';

const isStaticPage = (slug: string | undefined): slug is StaticPageName =>
  (STATIC_PAGES as readonly string[]).includes(slug ?? '');

/**
 * /pages/{slug}: terms, privacy, cookies, ban, return policy, FAQ and service (spec §2), and
 * the same pages by their token at the root (/{token}, e.g. /faq), which name /pages/{slug} as
 * the canonical address so search engines keep one.
 */
export function StaticPage() {
  const { slug, token } = useParams();
  const page = slug ?? token;
  if (!isStaticPage(page)) return <NotFoundPage />;
  return (
    <>
      {token && <link rel="canonical" href={pathFor('pages-slug', { slug: page })} />}
      <ContentPage key={page} page={page} />
    </>
  );
}
