import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { LikesType } from '@contract/discovery';
import { pathFor } from '@contract/routes';

/** An empty likes list says what will appear there, and where to find members meanwhile. */
export function LikesEmpty({ type }: { type: LikesType }) {
  const { t } = useTranslation('likes');
  return (
    <div className="text-center py-4 px-3 bg-body-tertiary rounded-3">
      <p className="mb-2">{t(`empty.${type}`)}</p>
      <Link to={pathFor('members')} className="btn btn-outline-primary btn-sm">
        {t('searchMembers')}
      </Link>
    </div>
  );
}
