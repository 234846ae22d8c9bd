import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('companies'))
    .addColumn('name', 'text', notNull)
    .addColumn('address', 'text', notNull)
    .addColumn('kvk', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('country', 'text', notNull)
    .addColumn('tradenames_json', 'text', notNull)
    .addColumn('vat_numbers_json', 'text', notNull)
    .addColumn('support_phone', 'text', notNull)
    .addColumn('delete_discount', 'integer', notNull)
    .addColumn('added', 'text', notNull)
    .execute();

  await withIdColumn(db, db.schema.createTable('sites'))
    .addColumn('domain', 'text', (column) => column.notNull().unique())
    .addColumn('company_id', 'integer', (column) => column.notNull().references('companies.id'))
    .addColumn('settings_json', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('site_domains')
    .addColumn('domain', 'text', (column) => column.primaryKey())
    .addColumn('site_id', 'integer', (column) =>
      column.notNull().references('sites.id').onDelete('cascade'),
    )
    .execute();

  await withIdColumn(db, db.schema.createTable('interests'))
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('position', 'integer', notNull)
    .execute();

  await withIdColumn(db, db.schema.createTable('members'))
    .addColumn('site_id', 'integer', (column) => column.notNull().references('sites.id'))
    .addColumn('email', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('password_hash', 'text')
    .addColumn('date_of_birth', 'text', notNull)
    // Gender and seeking are asked after signup (complete-signup), so they may be empty.
    .addColumn('gender', 'text')
    .addColumn('seeking', 'text')
    .addColumn('sexuality', 'text')
    .addColumn('country', 'text', notNull)
    .addColumn('region', 'text')
    .addColumn('hair_color', 'text')
    .addColumn('eye_color', 'text')
    .addColumn('body_type', 'text')
    .addColumn('relationship_status', 'text')
    .addColumn('about', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('language', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('profile_status', 'text', notNull)
    .addColumn('is_fictional', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('is_invisible', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('is_demo', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('paid_user', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_active_at', 'text')
    .execute();
  // E-mail is unique per site, compared case-insensitively (stored lower case).
  await db.schema
    .createIndex('members_site_email_unique')
    .on('members')
    .columns(['site_id', 'email'])
    .unique()
    .execute();
  // Search path: site, country, gender, newest first (keyset pagination on id).
  await db.schema
    .createIndex('members_search')
    .on('members')
    .columns(['site_id', 'country', 'gender', 'id'])
    .execute();

  await db.schema
    .createTable('member_interests')
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('interest_id', 'integer', (column) => column.notNull().references('interests.id'))
    .addPrimaryKeyConstraint('member_interests_pk', ['member_id', 'interest_id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('photos'))
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('storage_key', 'text', (column) => column.notNull().unique())
    // A separate random key for the blurred variants, so their address reveals nothing of the original.
    .addColumn('blurred_storage_key', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'text', notNull)
    .addColumn('position', 'integer', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('photos_member_position')
    .on('photos')
    .columns(['member_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'photos',
    'member_interests',
    'members',
    'interests',
    'site_domains',
    'sites',
    'companies',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
