import type { Config } from '@server/config';

export interface CookiePolicy {
  sessionCookie: string;
  csrfCookie: string;
  /**
   * Production runs behind TLS, usually terminated at a proxy, where `secure: 'auto'` would
   * see plain HTTP and drop the flag (issue 7 §1.4): there every cookie is always Secure.
   */
  secure: true | 'auto';
}

/**
 * Cookie names and flags. In production the session and CSRF cookies carry the `__Host-`
 * prefix: the browser then only accepts them Secure, for path `/` and without a Domain, so a
 * sibling subdomain can neither plant nor overwrite them.
 */
export function cookiePolicyOf(config: Pick<Config, 'NODE_ENV'>): CookiePolicy {
  const production = config.NODE_ENV === 'production';
  return {
    sessionCookie: production ? '__Host-sid' : 'sid',
    csrfCookie: production ? '__Host-csrf' : 'csrf',
    secure: production ? true : 'auto',
  };
}
