import { useTranslation } from '@web/i18n/use-translation';

/** Where faces would be when the site shows visitors none (spec §6) or nobody matches yet. */
export function LanderEmpty() {
  const { t } = useTranslation('landers');
  return <p className="lander-empty text-center py-5 px-3 mb-0">{t('empty')}</p>;
}
