import { defineEndpoint } from '@contract/endpoint';
import { dataExportRoutes } from '@contract/api-routes/data-export';
import {
  dataExportAnswerSchema,
  dataExportDownloadSchema,
  dataExportRequestSchema,
} from '@contract/data-export';

/** A member's export of everything the site holds about them (issue 31 item 8). */
export const dataExportApi = {
  /** Asks for an export: a job builds it and mails a single-use link. */
  requestExport: defineEndpoint({
    ...dataExportRoutes.requestExport,
    body: dataExportRequestSchema,
    answer: dataExportAnswerSchema,
    errors: ['password_wrong', 'export_in_progress'],
    access: 'member',
  }),
  /** The member's latest export, for the settings screen ("being prepared", "mailed"). */
  latestExport: defineEndpoint({
    ...dataExportRoutes.latestExport,
    answer: dataExportAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /**
   * The ZIP itself (application/zip, no answer schema), once, for the member whose export it
   * is, with the token from the mail; the link's page posts it.
   */
  downloadExport: defineEndpoint({
    ...dataExportRoutes.downloadExport,
    body: dataExportDownloadSchema,
    errors: ['link_invalid', 'export_expired'],
    access: 'member',
  }),
};
