import { useTranslation } from '@web/i18n/use-translation';
import { useSite } from '@web/components/site-context';

/** "Free to join, adults only": said under every call to action. */
export function LanderAdultsNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation('landers');
  const site = useSite();
  return <p className={`small mb-0 ${className}`}>{t('cta.note', { minAge: site.min_age })}</p>;
}
