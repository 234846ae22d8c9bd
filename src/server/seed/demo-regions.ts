import { regionsOf } from '@server/features/geo';
import type { Region } from '@contract/settings';

// Regions of a country's list that are no home to a demo member (issue 29 item 19: "Wallis-
// et-Futuna, France"): overseas territories and collectivities, outlying islands and codes
// that are no place at all. A real member may live there and chooses it; the demo lives in
// the country a visitor knows.
const NOT_HOME: Record<string, readonly string[]> = {
  // Clipperton, Guadeloupe, Guyane, Martinique, Mayotte, Nouvelle-Calédonie, Polynésie,
  // Saint-Pierre-et-Miquelon, Saint-Barthélemy, Saint-Martin, Réunion, TAAF, Wallis-et-Futuna.
  FR: ['CP', 'GP', 'GF', 'MQ', 'YT', 'NC', 'PF', 'PM', 'BL', 'MF', 'RE', 'TF', 'WF'],
  // Territories, freely associated states and the armed forces' postal codes.
  US: ['AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI', 'AA', 'AE', 'AP'],
  // Jan Mayen and Svalbard.
  NO: ['22', '21'],
  // Ceuta and Melilla, on the African coast.
  ES: ['CE', 'ML'],
};

/** The regions a demo member of `country` may live in. */
export function demoHomeRegions(country: string): Region[] {
  const excluded = NOT_HOME[country] ?? [];
  return regionsOf(country).filter((region) => !excluded.includes(region.code));
}
