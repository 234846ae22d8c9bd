import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { LOCALES, LOCALE_NAMES } from '@contract/locales';
import { pathFor } from '@contract/routes';
import { useChangeLocale } from '@web/i18n/use-change-locale';
import { Icon } from './icons';
import { MenuDropdown } from './menu-dropdown';

/**
 * The language dropdown of the top navigation (spec §2), names in their own language.
 * `compact` shows only the globe on phones; the button's name still says the language.
 */
export function LanguageDropdown({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const changeLocale = useChangeLocale();
  const current = i18n.language;
  return (
    <MenuDropdown
      align="end"
      toggleClassName={`nav-link text-body${compact ? ' px-1 px-sm-2' : ''}`}
      toggleLabel={`${t('nav.language')}: ${current.toUpperCase()}`}
      toggle={
        <span className="d-inline-flex align-items-center gap-1">
          <Icon name="globe" size={compact ? 20 : 16} />
          <span className={compact ? 'd-none d-sm-inline' : undefined}>
            {current.toUpperCase()}
          </span>
        </span>
      }
    >
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className={`dropdown-item${locale === current ? ' active' : ''}`}
          aria-current={locale === current ? 'true' : undefined}
          onClick={() => void changeLocale(locale)}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
      <hr className="dropdown-divider" />
      {/* The language and the country together (issue 25 item 4). */}
      <Link className="dropdown-item" to={pathFor('lang-config')}>
        {t('langConfig.title')}
      </Link>
    </MenuDropdown>
  );
}
