import type { CompanyInfo } from '@contract/settings';
import type { Db } from '@server/db/database';

export async function findCompany(db: Db, companyId: number): Promise<CompanyInfo | undefined> {
  const row = await db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    name: row.name,
    address: row.address,
    kvk: row.kvk,
    city: row.city,
    country: row.country,
    tradenames: JSON.parse(row.tradenames_json) as string[],
    vat_numbers: JSON.parse(row.vat_numbers_json) as string[],
    // spec §5: the support phone is cleaned of dashes and spaces before use.
    support_phone: row.support_phone.replace(/[\s-]/g, ''),
    delete_discount: row.delete_discount,
    added: row.added,
  };
}

export async function listInterests(db: Db) {
  return db.selectFrom('interests').select(['id', 'key']).orderBy('position').execute();
}
