import { createContext, useContext } from 'react';
import type { SiteSettings } from '@contract/settings';

/** The settings of the current site, loaded before the first render (see main.tsx). */
export const SiteContext = createContext<SiteSettings | null>(null);

export function useSite(): SiteSettings {
  const settings = useContext(SiteContext);
  if (!settings) throw new Error('useSite outside SiteContext');
  return settings;
}
