import type { FastifyInstance } from 'fastify';
import { staffApi } from '@contract/endpoints/staff';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';

const PAGE_SIZE = 100;

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

// Issue 30 item 2: owners read and filter the audit log, newest first. There is no route that
// writes or deletes it: entries are written by each change's own transaction.
export function auditRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, staffApi.audit, async ({ reply, staff, query }) => {
    let select = db
      .selectFrom('staff_audit')
      .leftJoin('staff', 'staff.id', 'staff_audit.staff_id')
      .selectAll('staff_audit')
      .select('staff.name as staff_name')
      .orderBy('staff_audit.id', 'desc')
      .limit(PAGE_SIZE + 1);
    if (query.staff) select = select.where('staff_audit.staff_id', '=', query.staff);
    if (query.action) select = select.where('staff_audit.action', '=', query.action);
    if (query.before) select = select.where('staff_audit.id', '<', query.before);
    // An owner of some sites reads their sites' entries and the installation-wide ones.
    if (staff.sites !== 'all') {
      const sites = staff.sites;
      select = select.where((eb) =>
        eb.or([eb('staff_audit.site_id', 'is', null), eb('staff_audit.site_id', 'in', sites)]),
      );
    }
    const rows = await select.execute();
    const page = rows.slice(0, PAGE_SIZE);
    reply.header('cache-control', 'no-store');
    return {
      entries: page.map((row) => ({
        id: row.id,
        staff_id: row.staff_id,
        staff_name: row.staff_name,
        action: row.action,
        site_id: row.site_id,
        subject: row.subject,
        before: parsed(row.before_json),
        after: parsed(row.after_json),
        created_at: row.created_at,
      })),
      next_before: rows.length > PAGE_SIZE ? page[page.length - 1]!.id : null,
    };
  });
}
