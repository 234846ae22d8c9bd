import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as foundation from './migrations/0001-foundation';
import * as accounts from './migrations/0002-accounts';
import * as profiles from './migrations/0003-profiles';
import * as groundwork from './migrations/0004-groundwork';
import * as discovery from './migrations/0005-discovery';
import * as searchIndexes from './migrations/0006-search-indexes';
import * as chat from './migrations/0007-chat';
import * as payments from './migrations/0008-payments';
import * as paymentsRecurring from './migrations/0009-payments-recurring';
import * as likesCounts from './migrations/0010-likes-counts';
import * as chatSendFunction from './migrations/0011-chat-send-function';
import * as dropDatabaseFunctions from './migrations/0012-drop-database-functions';
import * as paymentReversals from './migrations/0013-payment-reversals';
import * as paymentMandateConsent from './migrations/0014-payment-mandate-consent';
import * as swipeDays from './migrations/0015-swipe-days';
import * as pageBounces from './migrations/0018-page-bounces';
import * as searchCountryIndex from './migrations/0019-search-country-index';
import * as installationIdentity from './migrations/0020-installation-identity';
import * as directDebitMandates from './migrations/0021-direct-debit-mandates';
import * as memberTimeZoneChange from './migrations/0023-member-time-zone-change';
import * as pageBouncesByRoute from './migrations/0024-page-bounces-by-route';
import * as jobs from './migrations/0028-jobs';
import * as staff from './migrations/0030-staff';
import * as operatorInbox from './migrations/0031-operator-inbox';
import * as moderation from './migrations/0032-moderation';
import * as fictionalProfiles from './migrations/0035-fictional-profiles';
import * as accountDeletion from './migrations/0036-account-deletion';
import * as notifications from './migrations/0037-notifications';
import * as spendingCaps from './migrations/0038-spending-caps';
import * as memberDirectDebitLimit from './migrations/0033-member-direct-debit-limit';
import * as dataExports from './migrations/0039-data-exports';
import * as visits from './migrations/0040-visits';

// Migrations live in code and are listed here in order; they run on every start.
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-profiles': profiles,
  '0004-groundwork': groundwork,
  '0005-discovery': discovery,
  '0006-search-indexes': searchIndexes,
  '0007-chat': chat,
  '0008-payments': payments,
  '0009-payments-recurring': paymentsRecurring,
  '0010-likes-counts': likesCounts,
  '0011-chat-send-function': chatSendFunction,
  '0012-drop-database-functions': dropDatabaseFunctions,
  '0013-payment-reversals': paymentReversals,
  '0014-payment-mandate-consent': paymentMandateConsent,
  '0015-swipe-days': swipeDays,
  '0018-page-bounces': pageBounces,
  '0019-search-country-index': searchCountryIndex,
  '0020-installation-identity': installationIdentity,
  '0021-direct-debit-mandates': directDebitMandates,
  '0023-member-time-zone-change': memberTimeZoneChange,
  '0024-page-bounces-by-route': pageBouncesByRoute,
  '0028-jobs': jobs,
  '0030-staff': staff,
  '0031-operator-inbox': operatorInbox,
  '0032-moderation': moderation,
  '0035-fictional-profiles': fictionalProfiles,
  '0036-account-deletion': accountDeletion,
  '0037-notifications': notifications,
  '0038-spending-caps': spendingCaps,
  '0033-member-direct-debit-limit': memberDirectDebitLimit,
  '0039-data-exports': dataExports,
  '0040-visits': visits,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies every pending migration. On PostgreSQL pass the schema: Kysely otherwise finds a
 * migration table of another schema and believes this one migrated.
 */
export async function migrateToLatest(db: Db, postgresSchema?: string): Promise<void> {
  await migrateTo(db, undefined, postgresSchema);
}

/** Applies migrations up to and including `name` (all without one): tests of a migration on data. */
export async function migrateTo(
  db: Db,
  name: string | undefined,
  postgresSchema?: string,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    // Migrations are built on branches in parallel and numbered ahead; one that lands after a
    // higher number already ran on a database still runs (each touches only its own tables).
    allowUnorderedMigrations: true,
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  });
  const { error, results } = await (name ? migrator.migrateTo(name) : migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
