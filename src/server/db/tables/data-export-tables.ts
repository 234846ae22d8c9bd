import type { Generated, Selectable } from 'kysely';

// The data export's table (migration 0039-data-exports, issue 31 item 8), intersected into
// the one Database type in db/schema.ts. Its owner module: features/data-export/data-exports-table.ts.
export type DataExportStatus = 'preparing' | 'ready' | 'downloaded' | 'expired' | 'failed';

export interface DataExportsTable {
  id: Generated<number>;
  member_id: number;
  status: DataExportStatus;
  file_name: string | null;
  size_bytes: number | null;
  token_hash: string | null;
  origin: string;
  requested_at: string;
  ready_at: string | null;
  expires_at: string | null;
  downloaded_at: string | null;
}
export type DataExportRow = Selectable<DataExportsTable>;

export interface DataExportTables {
  data_exports: DataExportsTable;
}
