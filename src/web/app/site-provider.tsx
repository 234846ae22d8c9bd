import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import type { SiteSettings } from '@contract/settings';
import { settingsQuery } from '@web/api/site-api';
import { SiteContext } from '@web/components/site-context';

/** Keeps the site settings in the current language (their texts are per language). */
export function SiteProvider({
  initial,
  children,
}: {
  initial: SiteSettings;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const { data } = useQuery({ ...settingsQuery(i18n.language), placeholderData: keepPreviousData });
  return <SiteContext.Provider value={data ?? initial}>{children}</SiteContext.Provider>;
}
