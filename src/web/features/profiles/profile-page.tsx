import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { PhotoManager } from './photo-manager';
import { ownProfileQuery } from './profile-api';
import { ProfileForm } from './profile-form';
import { RejectedPhotos } from './rejected-photos';

function ProfileEditor() {
  const { t } = useTranslation();
  const { data: profile } = useQuery(ownProfileQuery);
  if (!profile) return <PageSpinner />;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-4">
        <h1 className="h2 mb-0">{t('profile.title')}</h1>
        <Link to={pathFor('members-id', { id: profile.id })}>{t('profile.viewAsOthers')}</Link>
      </div>
      <PhotoManager profile={profile} />
      {/* Its texts load only for a member who has a refused photo (issue 30 item 5). */}
      {profile.rejected_photos.length > 0 && <RejectedPhotos photos={profile.rejected_photos} />}
      <ProfileForm key={profile.id} profile={profile} />
    </>
  );
}

/** /profile: the member's own profile editor. */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  return (
    <RequireLogin>
      <section className="container py-4 py-md-5" style={{ maxWidth: '52rem' }}>
        <ProfileEditor />
      </section>
    </RequireLogin>
  );
}
