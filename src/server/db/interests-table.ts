import { AppError } from '@server/errors/app-error';
import type { Db } from './database';
import { recordAudit } from './staff-audit-table';

// The one writer of `interests` besides the demo seed (issue 30 item 6). The list is the
// installation's (every site shows the same keys, translated in the web's catalogues).

export interface InterestEntry {
  id?: number | undefined;
  key: string;
}

/** Makes the list exactly `wanted`, in its order: new keys added, missing ones removed. */
export async function replaceInterests(
  db: Db,
  staffId: number,
  wanted: readonly InterestEntry[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('interests')
      .select(['id', 'key'])
      .orderBy('position')
      .execute();
    const kept = new Set(wanted.flatMap((entry) => (entry.id ? [entry.id] : [])));
    if ([...kept].some((id) => !current.some((row) => row.id === id)))
      throw new AppError('not_found', 'not_found');
    const gone = current.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (gone.length > 0) {
      const chosen = await trx
        .selectFrom('member_interests')
        .select('interest_id')
        .where('interest_id', 'in', gone)
        .limit(1)
        .executeTakeFirst();
      if (chosen) throw new AppError('interest_in_use', 'conflict');
      await trx.deleteFrom('interests').where('id', 'in', gone).execute();
    }
    for (const [position, entry] of wanted.entries()) {
      if (entry.id)
        await trx
          .updateTable('interests')
          .set({ key: entry.key, position })
          .where('id', '=', entry.id)
          .execute();
      else await trx.insertInto('interests').values({ key: entry.key, position }).execute();
    }
    await recordAudit(trx, {
      staffId,
      action: 'interests.change',
      siteId: null,
      subject: 'interests',
      before: current.map((row) => row.key),
      after: wanted.map((entry) => entry.key),
    });
  });
}
