import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@contract/profiles';
import { pathFor } from '@contract/routes';
import { Link } from 'react-router';
import { Icon } from '@web/components/icons';

/**
 * The gallery of a member page. Locked photos arrive blurred from the server (spec §6); the
 * lock explains what unlocks them: logging in for visitors, premium for free members. A
 * locked thumbnail says so in its name too, not only in its blurred picture (issue 7 §5.6).
 */
export function MemberPhotos({ profile, loggedIn }: { profile: MemberProfile; loggedIn: boolean }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const photos = profile.photos;
  const current = photos[selected];
  if (!current) {
    return (
      <div
        className="profile-card-photo rounded-4 bg-body-secondary"
        role="img"
        aria-label={t('profileCard.noPhoto')}
        style={{ aspectRatio: 1 }}
      />
    );
  }
  return (
    <div>
      <div className={current.locked ? 'locked-photo' : undefined}>
        <img
          src={current.match}
          alt={
            current.locked
              ? t('member.lockedPhoto')
              : t('profileCard.photoOf', { name: profile.name })
          }
          className="w-100 rounded-4"
          width={600}
          height={600}
          style={{ aspectRatio: 1, objectFit: 'cover' }}
        />
        {current.locked && (
          <div className="locked-photo-label text-center px-3">
            <Icon name="lock" size={32} />
            {loggedIn ? (
              <Link to={pathFor('premium')} className="btn btn-secondary btn-sm mt-2">
                {t('member.unlockWithPremium')}
              </Link>
            ) : (
              <Link to={pathFor('login')} className="btn btn-light btn-sm mt-2">
                {t('member.loginToSeePhotos')}
              </Link>
            )}
          </div>
        )}
      </div>
      {photos.length > 1 && (
        <ul className="d-flex gap-2 list-unstyled mt-2 mb-0 flex-wrap">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className={`btn p-0 border-2 rounded-3 overflow-hidden${index === selected ? ' border-primary' : ' border-0'}`}
                onClick={() => setSelected(index)}
                aria-label={
                  photo.locked
                    ? t('member.lockedPhotoNumber', { number: index + 1 })
                    : t('photos.photoNumber', { number: index + 1 })
                }
                aria-pressed={index === selected}
              >
                <img src={photo.thumb} alt="" width={64} height={64} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
