import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import type { ProfileCard } from '@contract/members';
import { regionsQuery } from '@web/api/site-api';
import { countryName } from './country-name';

/**
 * "Noord-Holland, Netherlands": the member's region (as people write it) and country, on every
 * card and member landing (issue 29 item 14: a card named the country alone).
 */
export function useMemberPlace(profile: Pick<ProfileCard, 'country' | 'region'>): string {
  const { i18n } = useTranslation();
  const { data: regions } = useQuery(regionsQuery);
  const regionName = regions?.[profile.country]?.find(
    (region) => region.code === profile.region,
  )?.name;
  return [regionName, countryName(profile.country, i18n.language)].filter(Boolean).join(', ');
}
