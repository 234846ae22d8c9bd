import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALES, LOCALE_NAMES, type Locale } from '@contract/locales';
import { pathFor } from '@contract/routes';
import { useChangeLocale } from '@web/i18n/use-change-locale';
import { Icon } from './icons';

/**
 * The language dropdown of the top navigation (spec §2), names in their own language.
 * `compact` shows only the globe on phones; the button's name still says the language.
 */
export function LanguageDropdown({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const changeLocale = useChangeLocale();
  const current = i18n.language as Locale;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className={`nav-link text-body${compact ? ' px-1 px-sm-2' : ''}`}
        aria-label={`${t('nav.language')}: ${current.toUpperCase()}`}
      >
        <span className="d-inline-flex align-items-center gap-1">
          <Icon name="globe" size={compact ? 20 : 16} />
          <span className={compact ? 'd-none d-sm-inline' : undefined}>
            {current.toUpperCase()}
          </span>
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {LOCALES.map((locale) => (
          <Dropdown.Item
            key={locale}
            as="button"
            lang={locale}
            active={locale === current}
            onClick={() => void changeLocale(locale)}
          >
            {LOCALE_NAMES[locale]}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        {/* The language and the country together (issue 25 item 4). */}
        <Dropdown.Item as={Link} to={pathFor('lang-config')}>
          {t('langConfig.title')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
