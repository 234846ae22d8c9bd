import type { Generated, Insertable, Selectable } from 'kysely';
import type { ChatTables } from './tables/chat-tables';
import type { DataExportTables } from './tables/data-export-tables';
import type { EventTables } from './tables/event-tables';
import type { NotificationTables } from './tables/notification-tables';
import type { PaymentTables } from './tables/payment-tables';
import type { StaffTables } from './tables/staff-tables';

/** ISO-8601 UTC timestamps are stored as text on both dialects (DESIGN.md §3). */
type Timestamp = string;
/** Booleans are stored as 0 or 1 so one set of queries serves SQLite and PostgreSQL. */
type Flag = number;

export interface SitesTable {
  id: Generated<number>;
  /** The primary domain, as in settings.domain. */
  domain: string;
  company_id: number;
  /** JSON of the stored part of SiteSettings (see sites/site-record.ts). */
  settings_json: string;
  created_at: Timestamp;
}

export interface SiteDomainsTable {
  /** Host name without port, lower case. */
  domain: string;
  site_id: number;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames_json: string;
  vat_numbers_json: string;
  support_phone: string;
  delete_discount: number;
  added: Timestamp;
}

export interface InterestsTable {
  id: Generated<number>;
  /** Stable key; the web app translates it under profile.interests.<key>. */
  key: string;
  position: number;
}

export interface MembersTable {
  id: Generated<number>;
  site_id: number;
  email: string;
  name: string;
  password_hash: string | null;
  date_of_birth: string;
  gender: string | null;
  seeking: string | null;
  sexuality: string | null;
  country: string;
  region: string | null;
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  about: string;
  language: string;
  /** not_confirmed until the e-mail address is proven (spec §3). */
  status: string;
  /** enabled or disabled (spec §3 profile.status). */
  profile_status: string;
  /** Why staff banned the member, while banned (issue 30 item 5; the history is the audit). */
  ban_reason: string | null;
  /** The status an unban gives back (not_confirmed stays unconfirmed). */
  status_before_ban: string | null;
  is_fictional: Generated<Flag>;
  /** spec §9: a fictional profile the auto-like rule may pick (migration 0035; 1 by default). */
  auto_like: Generated<Flag>;
  is_invisible: Generated<Flag>;
  is_demo: Generated<Flag>;
  paid_user: Generated<Flag>;
  created_at: Timestamp;
  last_active_at: Timestamp | null;
  /** Running balance of credit_transactions; never below zero. */
  credits: Generated<number>;
  // Tracking values from the landing URL (spec §3 "Signup form").
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  /** The entry page of the visit the member signed up in (migration 0040); null before. */
  lander: string | null;
  signup_message: string | null;
  /** The member whose page the visitor signed up on; gets signup_message on activation. */
  signup_message_to: number | null;
  invite_code: string | null;
  /** JSON list of reasons e-mail is disabled: fbl, bounce, listunsubscribe (spec §8). */
  notifications_disabled_json: Generated<string>;
  password_changed_at: Timestamp | null;
  /** spec §8: blocked for direct debit by an operator (migration 0008-payments). */
  direct_debit_blocked: Generated<Flag>;
  /** This member's own monthly direct-debit limit, JSON {currency: cents}; null: the site's (0033). */
  direct_debit_limit_json: string | null;
  /** IANA time zone from the member's browser at signup or login (migration 0015). */
  time_zone: string | null;
  /**
   * A zone the browser told since, in force from `next_time_zone_from` (the end of the
   * member's day then): the zone changes at most once a day (migration 0023, issue 29 item 8).
   */
  next_time_zone: string | null;
  next_time_zone_from: Timestamp | null;
  /**
   * When the member deleted their account (status 'deleted', restorable for 14 days, then
   * 'erased' by the erasure job): migration 0036, docs/account-lifecycle.md.
   */
  deleted_at: Timestamp | null;
  /** The status a restore within 14 days puts back. */
  status_before_deletion: string | null;
}
export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;

export interface MemberInterestsTable {
  member_id: number;
  interest_id: number;
}

export interface PhotosTable {
  id: Generated<number>;
  member_id: number;
  /** Unguessable base name; the sizes are <key>-thumb.webp, <key>-match.webp, <key>-full.webp. */
  storage_key: string;
  /** Unguessable base name of the blurred variants, unrelated to storage_key. */
  blurred_storage_key: string;
  /** pending, active or rejected. */
  status: string;
  /** A PHOTO_REJECTION_REASONS code once rejected by a moderator (issue 30 item 5). */
  rejection_reason: string | null;
  position: number;
  width: number;
  height: number;
  created_at: Timestamp;
}
export type PhotoRow = Selectable<PhotosTable>;

export interface SessionsTable {
  token_hash: string;
  member_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface TrustedDevicesTable {
  token_hash: string;
  member_id: number;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** loginSubject(site, typed address): known and unknown addresses are counted alike. */
  subject: string;
  /** 'untrusted', or the hash of the trusted-device cookie the attempt came with. */
  device_scope: string;
  created_at: Timestamp;
}

export type EmailTokenPurpose = 'activation' | 'reset' | 'mail_change';

export interface EmailTokensTable {
  token_hash: string;
  member_id: number;
  purpose: EmailTokenPurpose;
  new_email: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface CreditTransactionsTable {
  id: Generated<number>;
  member_id: number;
  amount: number;
  balance_after: number;
  reason: string;
  idempotency_key: string;
  created_at: Timestamp;
}

export interface InvitesTable {
  id: Generated<number>;
  site_id: number;
  code: string;
  max_uses: number;
  uses: Generated<number>;
  expires_at: Timestamp | null;
  created_at: Timestamp;
}

export interface OutboxMailsTable {
  id: Generated<number>;
  site_id: number;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  created_at: Timestamp;
}

/** Background jobs on the embedded SQLite default (src/server/jobs/outbox-queue.ts). */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  data_json: string;
  singleton_key: string | null;
  run_at: Timestamp;
  attempts: number;
  locked_until: Timestamp | null;
  last_error: string | null;
  failed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export type LikeSource = 'member' | 'swipe' | 'auto';

export interface LikesTable {
  liker_id: number;
  liked_id: number;
  /** 'auto' only ever from a fictional liker (honest by design, issue 8). */
  source: LikeSource;
  created_at: Timestamp;
  /** spec §3 like_new: 1 until the liked member opens the liker's profile. */
  is_new: Generated<Flag>;
}

export interface SwipePassesTable {
  member_id: number;
  passed_id: number;
  created_at: Timestamp;
}

/** Swipe-game likes made per member and day in their time zone (spec §9; migration 0015). */
export interface SwipeDaysTable {
  member_id: number;
  /** YYYY-MM-DD in the member's time zone. */
  day: string;
  likes_made: number;
}

/** How often each page was left with `lb` on, per site and UTC day (spec §4; migration 0018). */
/** Visits per site, UTC day, traffic source and lander (migration 0040; features/visits). */
export interface VisitsTable {
  site_id: number;
  day: string;
  /** The `network` tracking value; '' for none, '*' for the day's sources over the cap. */
  source: string;
  /** The entry page's route name; a lander as `landers-<name>`; `not-found` for no page. */
  lander: string;
  count: number;
}

export interface PageBouncesTable {
  site_id: number;
  /** The page's route name in the route table, e.g. `pages-slug` (migration 0024). */
  route: string;
  /** YYYY-MM-DD in UTC. */
  day: string;
  count: number;
}

export interface MatchFinderAnswersTable {
  member_id: number;
  /** JSON of MatchFinderAnswers (contract/discovery.ts). */
  answers_json: string;
  updated_at: Timestamp;
}

export interface CoreTables {
  sites: SitesTable;
  site_domains: SiteDomainsTable;
  companies: CompaniesTable;
  interests: InterestsTable;
  members: MembersTable;
  member_interests: MemberInterestsTable;
  photos: PhotosTable;
  sessions: SessionsTable;
  trusted_devices: TrustedDevicesTable;
  login_failures: LoginFailuresTable;
  email_tokens: EmailTokensTable;
  credit_transactions: CreditTransactionsTable;
  invites: InvitesTable;
  outbox_mails: OutboxMailsTable;
  app_secrets: AppSecretsTable;
  blocks: BlocksTable;
  likes: LikesTable;
  swipe_passes: SwipePassesTable;
  swipe_days: SwipeDaysTable;
  match_finder_answers: MatchFinderAnswersTable;
  page_bounces: PageBouncesTable;
  visits: VisitsTable;
  jobs: JobsTable;
}

/** Every table: the core ones above and each feature's own (WHERE-THINGS-GO.md). */
export type Database = CoreTables &
  ChatTables &
  EventTables &
  PaymentTables &
  StaffTables &
  DataExportTables &
  NotificationTables;
