import { Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { callApi } from '@web/api/call-api';
import { adminKeys } from './admin-query-keys';
import { PageSpinner } from '@web/components/page-spinner';
import { useTranslation } from '@web/i18n/use-translation';
import { staffApi } from './admin-api';
import './business-api';
import { useStaff } from './use-staff';
import './admin.scss';

/** Who sees the moderation pages (as moderationApi's access: issue 30 item 5). */
const MODERATION_ROLES: readonly string[] = ['owner', 'admin', 'moderator'];

/** The console's own layout: a dense top bar, no member menus, banners or sockets. */
export function AdminLayout() {
  const { t } = useTranslation(['admin', 'admin-profiles']);
  const { t: tModeration } = useTranslation('admin-moderation');
  const { t: tSites } = useTranslation('admin-sites');
  const { t: tb } = useTranslation('admin-business');
  const { staff } = useStaff();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  async function logOut() {
    await callApi(staffApi.logOut).catch(() => undefined);
    queryClient.removeQueries({ queryKey: adminKeys.me });
    void navigate('/admin/login');
  }
  const link = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;
  return (
    <div className="admin-console">
      <header className="navbar navbar-expand navbar-dark bg-dark px-3 py-1">
        <span className="navbar-brand fs-6 fw-semibold">{t('admin.title')}</span>
        <nav aria-label={t('admin.nav.label')}>
          <ul className="navbar-nav">
            <li className="nav-item">
              <NavLink className={link} to="/admin/inbox">
                {t('admin.nav.inbox')}
              </NavLink>
            </li>
            {staff && MODERATION_ROLES.includes(staff.role) && (
              <>
                <li className="nav-item">
                  <NavLink className={link} to="/admin/photos">
                    {tModeration('moderation.nav.photos')}
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink className={link} to="/admin/reports">
                    {tModeration('moderation.nav.reports')}
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink className={link} to="/admin/members">
                    {tModeration('moderation.nav.members')}
                  </NavLink>
                </li>
              </>
            )}
            {(staff?.role === 'owner' || staff?.role === 'admin') && (
              <>
                <li className="nav-item">
                  <NavLink className={link} to="/admin/sites">
                    {tSites('sites.title')}
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink className={link} to="/admin/figures">
                    {tSites('figures.title')}
                  </NavLink>
                </li>
              </>
            )}
            {(staff?.role === 'owner' || staff?.role === 'admin') && (
              <li className="nav-item">
                <NavLink className={link} to="/admin/profiles">
                  {t('profiles.nav')}
                </NavLink>
              </li>
            )}
            {staff?.role === 'owner' && (
              <li className="nav-item">
                <NavLink className={link} to="/admin/staff">
                  {t('staff.nav')}
                </NavLink>
              </li>
            )}
            {(staff?.role === 'owner' || staff?.role === 'admin') &&
              (['codes', 'payments', 'debts'] as const).map((section) => (
                <li key={section} className="nav-item">
                  <NavLink className={link} to={`/admin/${section}`}>
                    {tb(`nav.${section}`)}
                  </NavLink>
                </li>
              ))}
            {staff?.role === 'owner' && (
              <li className="nav-item">
                <NavLink className={link} to="/admin/audit">
                  {t('admin.nav.audit')}
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="ms-auto d-flex align-items-center gap-3 text-light small">
          <span>
            {staff?.name} · {t(`admin.roles.${staff?.role ?? 'operator'}`)}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            onClick={() => void logOut()}
          >
            {t('admin.logOut')}
          </button>
        </div>
      </header>
      <main id="content" className="admin-main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
