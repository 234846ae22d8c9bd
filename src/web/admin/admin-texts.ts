import type { Catalogue } from '@locales/translate';
import { addCatalogues } from '@web/i18n/translator';

// The console's texts (src/locales/<lang>/admin.json), one chunk per language as every
// namespace, but listed here in the console's chunk, not in the first load's table.
addCatalogues(import.meta.glob<Catalogue>('../../locales/*/admin.json', { import: 'default' }));
// Fictional profiles and staff screens (issue 30 items 1 and 4): their own namespace.
addCatalogues(
  import.meta.glob<Catalogue>('../../locales/*/admin-profiles.json', { import: 'default' }),
);
