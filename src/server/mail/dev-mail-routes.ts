import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@contract/ids';
import type { Db } from '@server/db/database';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The development mail viewer: mails kept in the outbox when no SMTP server is configured.
 * Registered only outside production (see app.ts), so it does not exist there.
 */
export async function devMailRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/dev/mails', async (request, reply) => {
    const mails = await db
      .selectFrom('outbox_mails')
      .select(['id', 'recipient', 'subject', 'created_at'])
      .where('site_id', '=', request.site.id)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${escapeHtml(mail.created_at)}</td><td>${escapeHtml(mail.recipient)}</td><td><a href="/dev/mails/${mail.id}">${escapeHtml(mail.subject)}</a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Outbox</title><body style="font-family:sans-serif;padding:1rem"><h1>Outbox (development only)</h1><table cellpadding="6"><tr><th>Sent</th><th>To</th><th>Subject</th></tr>${rows || '<tr><td colspan="3">No mails yet.</td></tr>'}</table></body>`,
      );
  });

  app.get('/dev/mails/:id', async (request, reply) => {
    const parsed = z.object({ id: idParamSchema }).safeParse(request.params);
    if (!parsed.success) return reply.status(404).send({ error: 'not_found' });
    const { id } = parsed.data;
    const mail = await db
      .selectFrom('outbox_mails')
      .selectAll()
      .where('id', '=', id)
      .where('site_id', '=', request.site.id)
      .executeTakeFirst();
    if (!mail) return reply.status(404).send({ error: 'not_found' });
    return reply.type('text/html; charset=utf-8').send(mail.html);
  });
}
