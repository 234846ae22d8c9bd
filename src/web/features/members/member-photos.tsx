import { useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
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
        className="member-photo member-photo-missing"
        role="img"
        aria-label={t('profileCard.noPhoto')}
      />
    );
  }
  return (
    <div>
      <div className={`member-photo-frame${current.locked ? ' locked-photo' : ''}`}>
        <img
          src={current.match}
          alt={
            current.locked
              ? t('member.lockedPhoto')
              : t('profileCard.photoOf', { name: profile.name })
          }
          className="member-photo"
          width={600}
          height={600}
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
        <ul className="member-thumbs d-flex gap-2 list-unstyled mt-2 mb-0 flex-wrap">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className={`member-thumb btn p-0${index === selected ? ' is-selected' : ''}`}
                onClick={() => setSelected(index)}
                aria-label={
                  photo.locked
                    ? t('member.lockedPhotoNumber', { number: index + 1 })
                    : t('photos.photoNumber', { number: index + 1 })
                }
                aria-pressed={index === selected}
              >
                <img src={photo.thumb} alt="" width={56} height={56} />
                {/* issue 25 item 8: a locked thumbnail shows its lock, not only its blur. */}
                {photo.locked && (
                  <span className="member-thumb-lock">
                    <Icon name="lock" size={16} />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
