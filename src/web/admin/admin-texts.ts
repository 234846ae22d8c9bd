import type { Catalogue } from '@locales/translate';
import { addCatalogues } from '@web/i18n/translator';

// The console's texts (src/locales/<lang>/admin.json), one chunk per language as every
// namespace, but listed here in the console's chunk, not in the first load's table.
addCatalogues(import.meta.glob<Catalogue>('../../locales/*/admin.json', { import: 'default' }));
