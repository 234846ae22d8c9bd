import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { DiscountCodesSection } from './discount-codes-section';
import { InvitesSection } from './invites-section';

/** /admin/codes: discount codes and invite codes of this site (issue 30 item 7). */
export function CodesPage() {
  const { t } = useTranslation('admin-business');
  useDocumentTitle(t('codes.title'));
  return (
    <div className="p-3 admin-business">
      <h1 className="h5">{t('codes.title')}</h1>
      <DiscountCodesSection />
      <InvitesSection />
    </div>
  );
}
