import { useTranslation } from '@web/i18n/use-translation';
import { Icon } from '@web/components/icons';
import { useSite } from '@web/components/site-context';

/**
 * The fictional label in words (spec §1), small enough for a face on a lander. The page says
 * what it means once, in FictionalNote, wherever a fictional profile is shown.
 */
export function FictionalTag() {
  const site = useSite();
  return (
    <span className="badge text-bg-warning lander-fictional-tag">
      <Icon name="mask" size={11} /> {site.fictional_singular}
    </span>
  );
}

/** "Fictional profiles are labelled: physical contact is not possible", when any is shown. */
export function FictionalNote({ members }: { members: Array<{ fictional: boolean }> }) {
  const { t } = useTranslation('landers');
  const site = useSite();
  if (!members.some((member) => member.fictional)) return null;
  return (
    <p className="small lander-fictional-note mb-0">
      <FictionalTag /> {t('member.fictionalNote', { fictionalPlural: site.fictional_plural })}
    </p>
  );
}
