import type { FirstPaintOf } from '@server/http/app-page';
import { pushPublicKeyOf } from './push-public-key';
import type { Services } from '@server/services';
import { requestLocale } from './request-locale';
import { settingsAnswers } from './settings-answer';

/**
 * The settings the app page carries for its first render (issue 25 item 6): the answer
 * settings.php gives this request in the language the app will pick (the locale cookie, else
 * the site's domain_language: spec §7), so the browser does not ask for it. Public per-site
 * data only: nothing of a member is in the settings.
 */
export function firstPaintSettings({ config, db }: Pick<Services, 'config' | 'db'>): FirstPaintOf {
  const answerOf = settingsAnswers(config, () => pushPublicKeyOf(db));
  return async (request) => {
    const locale = requestLocale(request);
    return { locale, settings: await answerOf(request, request.site, locale) };
  };
}
