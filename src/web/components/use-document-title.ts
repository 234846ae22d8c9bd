import { useEffect } from 'react';
import { useSite } from '@web/components/site-context';
import { titleWithCount } from './count-badge';

// The page sets the title; the live counts put "(n) " before it (spec §4). Both write through
// here, so neither erases the other.
let pageTitle: string | undefined;
let titleCount = 0;

function applyTitle() {
  const base = pageTitle ?? document.title.replace(/^\(\d+\) /, '');
  document.title = titleWithCount(base, titleCount);
}

/** Sets the document title to "<page> – <site>", or the site title alone. */
export function useDocumentTitle(title?: string) {
  const site = useSite();
  useEffect(() => {
    pageTitle = title ? `${title} – ${site.name}` : `${site.name} – ${site.index_title}`;
    applyTitle();
  }, [title, site.name, site.index_title]);
}

/** spec §4: the count in brackets before the title (unread messages plus new likes). */
export function useTitleCount(count: number) {
  useEffect(() => {
    titleCount = count;
    applyTitle();
    // Logging out unmounts the member's counts (member-shell.tsx): the count goes with them.
    return () => {
      titleCount = 0;
      applyTitle();
    };
  }, [count]);
}
