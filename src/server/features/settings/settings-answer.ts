import type { FastifyRequest } from 'fastify';
import { settingsApi } from '@contract/endpoints/settings';
import type { Locale } from '@contract/locales';
import type { Config } from '@server/config';
import type { Site } from '@server/features/sites';
import { type KeptAnswer, answerKeeper, keepAnswer } from '@server/http/kept-answer';
import { presentSettings } from './settings-presenter';
import { chosenCountryOf, geoipCountryOf } from './visitor-country';

/** The settings answer of spec §3 for a request: its site's, in a language. */
export type SettingsAnswerOf = (
  request: FastifyRequest,
  site: Site,
  locale: Locale,
) => Promise<KeptAnswer>;

/**
 * The settings are the same for every visitor of a site (per language and country), so each
 * answer is built, checked, serialized and compressed once per site record and then sent as
 * bytes. A site record stands for one version of the site's stored row, read on every request
 * (features/sites/site-queries.ts): a settings change is a new record with new answers. One
 * keeper serves settings.php and the app page (issue 25 item 6): an answer depends on nothing
 * but the record and its key, so both send the same bytes. The keeper is bounded (issue 29
 * item 2): the key's country comes from a request header.
 */
export const keptSettingsAnswers = answerKeeper();

export function settingsAnswers(
  { GEOIP_COUNTRY_HEADER }: Pick<Config, 'GEOIP_COUNTRY_HEADER'>,
  /** The installation's web push key (spec §3 push public key; features/notifications). */
  pushPublicKey: () => string | null = () => null,
): SettingsAnswerOf {
  return (request, site, locale) => {
    const header = GEOIP_COUNTRY_HEADER ? request.headers[GEOIP_COUNTRY_HEADER] : undefined;
    const geoipCountry = geoipCountryOf(header);
    // Only a country the site serves counts (and names a kept answer): anything else is none.
    const chosenCountry = chosenCountryOf(request, site.settings.countries);
    return keptSettingsAnswers(site, `settings:${locale}:${geoipCountry}:${chosenCountry}`, () =>
      keepAnswer(settingsApi.settings, {
        settings: presentSettings(site, {
          locale,
          geoipCountry,
          chosenCountry,
          pushPublicKey: pushPublicKey(),
        }),
      }),
    );
  };
}
