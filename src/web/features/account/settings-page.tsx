import { useTranslation } from '@web/i18n/use-translation';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { SETTINGS_SECTIONS } from './settings-sections';

/** The settings screen (spec §2 names it; its path is ours: /settings). */
export function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.title'));
  return (
    <RequireLogin>
      <section className="container py-5" style={{ maxWidth: '40rem' }}>
        <h1 className="h2 mb-4">{t('settings.title')}</h1>
        <div className="d-flex flex-column gap-4">
          {SETTINGS_SECTIONS.map(({ id, Section }) => (
            <Section key={id} />
          ))}
        </div>
      </section>
    </RequireLogin>
  );
}
