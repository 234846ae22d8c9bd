import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { useCompanyInfo } from '@web/api/site-api';
import { useSite } from '@web/components/site-context';
import { PageSpinner } from '@web/components/page-spinner';
import { termsVersionDate } from '@web/components/terms-version-date';
import { useDocumentTitle } from '@web/components/use-document-title';
import { fillPlaceholders, loadPageContent, pagePlaceholders } from './page-content';
import { queryKeys } from '@web/api/query-keys';

/** A text page in the visitor's language, with the site's own details filled in. */
export function ContentPage({ page, children }: { page: string; children?: ReactNode }) {
  const { i18n } = useTranslation();
  const site = useSite();
  const { data: company } = useCompanyInfo();
  const { data: content, isPending } = useQuery({
    queryKey: queryKeys.pageContent(i18n.language, page),
    queryFn: () => loadPageContent(i18n.language, page),
    staleTime: Infinity,
  });
  useDocumentTitle(content?.title);
  if (isPending || !content) return <PageSpinner />;

  const termsDate = termsVersionDate(company?.added).toLocaleDateString(i18n.language, {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  const fill = (text: string) => fillPlaceholders(text, pagePlaceholders(site, company, termsDate));
  return (
    <article className="container static-page py-5">
      <h1 className="mb-3">{fill(content.title)}</h1>
      <p className="lead">{fill(content.intro)}</p>
      {children}
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2>{fill(section.heading)}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
