import type { Generated, Selectable } from 'kysely';

// The console's tables (issue 30; migrations 0030-staff and 0031-operator-inbox), intersected
// into the one Database type in db/schema.ts (WHERE-THINGS-GO.md "growing tables").
type Timestamp = string;

/** Who runs the sites: their own identity, never a member (issue 30 item 1). */
export interface StaffTable {
  id: Generated<number>;
  /** Lower case; one staff account per address for the whole installation. */
  email: string;
  name: string;
  /** argon2id, as members' (DESIGN.md §5). */
  password_hash: string;
  /** owner, admin, moderator or operator (contract/staff.ts). */
  role: string;
  /** JSON: "all" or a list of site ids. */
  sites_json: string;
  /** JSON list of the languages an operator answers in; [] for all. */
  languages_json: string;
  /** Base32 RFC 6238 secret of the authenticator app. */
  totp_secret: string;
  /** The last TOTP time step accepted: a code of this step or an earlier one is refused. */
  totp_last_step: Generated<number>;
  /** JSON list of SHA-256 hashes of the unused recovery codes. */
  recovery_code_hashes_json: string;
  /** active or disabled. */
  status: string;
  created_at: Timestamp;
}
export type StaffRow = Selectable<StaffTable>;

/** A staff login: shorter than members' and read from the database on every request. */
export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  created_at: Timestamp;
  /** Moved on at most once a minute; the session ends after STAFF_IDLE_MINUTES without. */
  last_seen_at: Timestamp;
  /** The absolute end, however active the session is. */
  expires_at: Timestamp;
}

/** A browser a staff member logged in from: its failures have their own lockout pool. */
export interface StaffDevicesTable {
  token_hash: string;
  staff_id: number;
  created_at: Timestamp;
}

/**
 * Every staff change, written in the change's own transaction (issue 30 item 2). Appended by
 * db/staff-audit-table.ts only; nothing updates or deletes a row.
 */
export interface StaffAuditTable {
  id: Generated<number>;
  /** null for the command line (the first owner). */
  staff_id: number | null;
  /** What was done, e.g. staff.role_changed, chat.operator_answer. */
  action: string;
  site_id: number | null;
  /** What it was done to, e.g. staff:3, conversation:12. */
  subject: string;
  before_json: string | null;
  after_json: string | null;
  created_at: Timestamp;
}

/** Who is answering a waiting conversation (issue 30 item 3): one live claim per conversation. */
export interface OperatorClaimsTable {
  conversation_id: number;
  site_id: number;
  staff_id: number;
  claimed_at: Timestamp;
  /** Idle claims lapse: another operator may take the conversation after this. */
  expires_at: Timestamp;
}

/** Notes on a (fictional profile, member) pair, shared by every operator. */
export interface OperatorNotesTable {
  profile_id: number;
  member_id: number;
  text: string;
  updated_by: number;
  updated_at: Timestamp;
}

/** One answer sent as a fictional profile: who wrote it and how long the member waited. */
export interface OperatorAnswersTable {
  message_id: number;
  site_id: number;
  staff_id: number;
  /** Milliseconds from the oldest waiting message to the answer. */
  waited_ms: number;
  answered_at: Timestamp;
}

export interface StaffTables {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_devices: StaffDevicesTable;
  staff_audit: StaffAuditTable;
  operator_claims: OperatorClaimsTable;
  operator_notes: OperatorNotesTable;
  operator_answers: OperatorAnswersTable;
}
