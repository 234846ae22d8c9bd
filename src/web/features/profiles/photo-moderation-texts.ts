import type { Catalogue } from '@locales/translate';
import { addCatalogues } from '@web/i18n/translator';

// Why a moderator refused a photo (src/locales/<lang>/photo-moderation.json: issue 30 item 5),
// listed from the profile page's own chunk: the first load's table of texts stays as it was.
// The table is keyed by paths as seen from src/web/i18n/translator.ts; from here they have
// one more `../`.
const loaders = import.meta.glob<Catalogue>('../../../locales/*/photo-moderation.json', {
  import: 'default',
});
addCatalogues(
  Object.fromEntries(
    Object.entries(loaders).map(([path, load]) => [path.replace(/^\.\.\//, ''), load]),
  ),
);
