import { useMutationState } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { useTranslation } from '@web/i18n/use-translation';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { ACCOUNT_DELETION_KEY } from './delete-account-confirm';
import { SETTINGS_SECTIONS, type SettingsSection } from './settings-sections';

/**
 * The settings screen (spec §2 names it; its path is ours: /settings). Sections of other
 * features (the spending cap) are put in by the route that composes them (app/routes).
 */
export function SettingsPage({
  sections = SETTINGS_SECTIONS,
}: {
  sections?: readonly SettingsSection[];
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.title'));
  const { user } = useUser();
  const deletion = useMutationState({
    filters: { mutationKey: ACCOUNT_DELETION_KEY },
    select: (mutation) => mutation.state.status,
  });
  // The deletion ends every session, and this tab may hear of it (its socket closes) before
  // the answer arrives, or while the goodbye page loads: a logout then leads there, not to
  // the login page (issue 31 item 7).
  const deleted = deletion.some((status) => status === 'pending' || status === 'success');
  if (deleted && !user) return <Navigate to={pathFor('account-deleted')} replace />;
  return (
    <RequireLogin>
      <section className="container py-5" style={{ maxWidth: '40rem' }}>
        <h1 className="h2 mb-4">{t('settings.title')}</h1>
        <div className="d-flex flex-column gap-4">
          {sections.map(({ id, Section }) => (
            <Section key={id} />
          ))}
        </div>
      </section>
    </RequireLogin>
  );
}
