import { useEffect } from 'react';
import { useSite } from '@web/components/site-context';

/** Sets the document title to "<page> – <site>", or the site title alone. */
export function useDocumentTitle(pageTitle?: string) {
  const site = useSite();
  useEffect(() => {
    document.title = pageTitle
      ? `${pageTitle} – ${site.name}`
      : `${site.name} – ${site.index_title}`;
  }, [pageTitle, site.name, site.index_title]);
}
