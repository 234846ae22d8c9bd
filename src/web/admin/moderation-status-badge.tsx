import { useTranslation } from '@web/i18n/use-translation';

const STATUS_COLOURS: Record<string, string> = {
  active: 'success',
  banned: 'danger',
  not_confirmed: 'warning',
};

/** A member's account status, coloured, in the console's words. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin-moderation');
  return (
    <span className={`badge text-bg-${STATUS_COLOURS[status] ?? 'secondary'}`}>
      {t(`moderation.status.${status}`, { defaultValue: status })}
    </span>
  );
}
