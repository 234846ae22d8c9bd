import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useCompanyInfo } from '@web/api/site-api';
import { useSite } from '@web/components/site-context';
import { showsUsFooter } from './entry-warning-rules';
import { termsVersionDate } from './terms-version-date';

// spec §2 "Footer": terms, privacy, cookies, ban, pricing, complaints, return policy, FAQ, support.
const FOOTER_LINKS = [
  { key: 'terms', to: pathFor('pages-slug', { slug: 'terms' }) },
  { key: 'privacy', to: pathFor('pages-slug', { slug: 'privacy' }) },
  { key: 'cookies', to: pathFor('pages-slug', { slug: 'cookies' }) },
  { key: 'ban', to: pathFor('pages-slug', { slug: 'ban' }) },
  { key: 'pricing', to: pathFor('pricing') },
  { key: 'complaints', to: pathFor('complaints') },
  { key: 'returnPolicy', to: pathFor('pages-slug', { slug: 'return-policy' }) },
  { key: 'faq', to: pathFor('pages-slug', { slug: 'faq' }) },
  { key: 'support', to: pathFor('pages-slug', { slug: 'service' }) },
] as const;

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const { data: company } = useCompanyInfo();
  const termsDate = termsVersionDate(company?.added);
  return (
    <footer className="site-footer bg-dark text-light mt-auto pt-4 pb-3">
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer-links list-unstyled d-flex flex-wrap mb-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <Link
                  className="link-light link-underline-opacity-0 link-underline-opacity-75-hover"
                  to={link.to}
                >
                  {t(`footer.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="small text-light-emphasis mb-1">
          {t('footer.termsVersion', {
            date: termsDate.toLocaleDateString(i18n.language, {
              dateStyle: 'long',
              timeZone: 'UTC',
            }),
          })}
        </p>
        <p className="small text-light-emphasis mb-0">
          © {new Date().getFullYear()} {company?.name ?? site.name}
          {company ? ` · ${company.address}, ${company.city}` : ''}
        </p>
        {/* spec §1: the extra footer of the US English site, in every layout with a footer. */}
        {showsUsFooter(site, i18n.language) && (
          <p className="us-footer small text-light-emphasis border-top border-secondary pt-2 mt-2 mb-0">
            {t('disclaimer.us', { siteName: site.name, minAge: site.min_age })}
          </p>
        )}
      </div>
    </footer>
  );
}
