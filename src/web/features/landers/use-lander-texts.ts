import { useTranslation } from '@web/i18n/use-translation';
import type { LanderHeadline, LanderName } from '@contract/landers';

/**
 * The lander's headline and subline: its own words, or the headline set of the variant the
 * slug chose (issue 25 item 1). The `landers` namespace loads with the lander's code only.
 */
export function useLanderTexts(lander: LanderName, headline: LanderHeadline | null) {
  const { t } = useTranslation('landers');
  const key = headline ? `headlines.${headline}` : lander;
  return { title: t(`${key}.title`), subtitle: t(`${key}.subtitle`) };
}
