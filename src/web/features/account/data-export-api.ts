import { typedRoutes } from '@contract/endpoint';
import type { dataExportApi as DataExportApi } from '@contract/endpoints/data-export';
import { dataExportRoutes } from '@contract/api-routes/data-export';

/**
 * The data export's endpoints as the web app calls them (issue 31 item 8). Here rather than
 * in `@web/api/endpoints`, which every first page load carries: only the settings screen and
 * the export page need them, and both load on demand (scripts/initial-js-size.ts).
 */
export const dataExportApi = typedRoutes<typeof DataExportApi>(dataExportRoutes);
