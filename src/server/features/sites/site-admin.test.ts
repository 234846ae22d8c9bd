import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import type { TestClient as Client } from '@server/test/test-client';

// Issue 30 item 6: sites in the console. Every edit is seen on the very next request (the
// rows are read per request, nothing is kept), is checked by the stored settings' own schema,
// and is written with its audit row; a bad one changes nothing.

let t: TestApp;
let owner: Client;
let admin: Client;
let otherAdmin: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await staffClient(t, await createTestStaff(t, 'owner'));
  admin = await staffClient(t, await createTestStaff(t, 'admin', { sites: [t.siteId] }));
  otherAdmin = await staffClient(t, await createTestStaff(t, 'admin', { sites: [t.siteId + 50] }));
});
afterAll(() => t.close());

const visitor = (host = 'localhost') => new TestClient(t.app, host);
const detailOf = async (client: Client, site = t.siteId) =>
  (await client.get(`/api/admin/site.php?site=${site}`)).json();
const auditRows = (action: string) =>
  t.database.db.selectFrom('staff_audit').selectAll().where('action', '=', action).execute();

describe('a site setting changed in the console', () => {
  it('is what a visitor gets on the next request, with an audit entry of what changed', async () => {
    const { site } = await detailOf(admin);
    const settings = { ...site.settings, message_credits: 7, name: 'Amora Seven' };
    const change = await admin.put('/api/admin/site.php', { site: t.siteId, settings });
    expect(change.statusCode).toBe(200);
    const answer = (await visitor().get('/api/settings.php')).json().settings;
    expect(answer).toMatchObject({ message_credits: 7, name: 'Amora Seven' });
    const [entry] = await auditRows('site.settings');
    expect(JSON.parse(entry!.before_json!)).toEqual({
      message_credits: site.settings.message_credits,
      name: site.settings.name,
    });
    expect(JSON.parse(entry!.after_json!)).toEqual({ message_credits: 7, name: 'Amora Seven' });
  });

  it('changes the texts of one language only', async () => {
    const { site } = await detailOf(owner);
    const texts = {
      ...site.settings.texts,
      nl: { ...site.settings.texts.nl, index_title: 'Liefde' },
    };
    await owner.put('/api/admin/site.php', {
      site: t.siteId,
      settings: { ...site.settings, texts },
    });
    const nl = (await visitor().get('/api/settings.php?locale=nl')).json().settings;
    expect(nl.index_title).toBe('Liefde');
    const en = (await visitor().get('/api/settings.php?locale=en')).json().settings;
    expect(en.index_title).toBe(site.settings.texts.en.index_title);
  });

  it('is refused by the schema with the failing field named, and nothing changes', async () => {
    const before = await detailOf(owner);
    const audits = (await auditRows('site.settings')).length;
    for (const bad of [
      { message_credits: -1 },
      { niche: 9 },
      { countries: [] },
      { support_email: 'not an address' },
      { signups: 'sometimes' },
    ]) {
      const settings = { ...before.site.settings, ...bad, name: 'Should not be stored' };
      const change = await owner.put('/api/admin/site.php', { site: t.siteId, settings });
      expect(change.statusCode, JSON.stringify(bad)).toBe(400);
      expect(change.json().error).toBe('validation_failed');
      expect(Object.keys(change.json().fields)).toEqual([`settings.${Object.keys(bad)[0]}`]);
    }
    expect(await detailOf(owner)).toEqual(before);
    expect(await auditRows('site.settings')).toHaveLength(audits);
  });

  it('is refused to an admin of another site and to a moderator', async () => {
    const { site } = await detailOf(owner);
    const settings = { ...site.settings, name: 'Taken over' };
    const moderator = await staffClient(t, await createTestStaff(t, 'moderator'));
    for (const client of [otherAdmin, moderator]) {
      expect(
        (await client.put('/api/admin/site.php', { site: t.siteId, settings })).statusCode,
      ).toBe(403);
    }
    expect((await otherAdmin.get('/api/admin/sites.php')).statusCode).toBe(403);
    expect((await detailOf(owner)).site.settings.name).toBe(site.settings.name);
  });
});

describe('domains, company and new sites', () => {
  it('answers at an added domain at once and refuses a domain another site has', async () => {
    const { site } = await detailOf(owner);
    const domains = [...site.domains, 'amora.example'];
    const change = await owner.put('/api/admin/site-domains.php', {
      site: t.siteId,
      domain: site.domain,
      domains,
    });
    expect(change.statusCode).toBe(200);
    expect((await visitor('amora.example').get('/api/settings.php')).statusCode).toBe(200);

    const created = await owner.post('/api/admin/sites.php', {
      domain: 'second.example',
      name: 'Second Site',
      copy_from: t.siteId,
    });
    expect(created.statusCode).toBe(200);
    const second = created.json().site;
    expect((await visitor('second.example').get('/api/settings.php')).json().settings.name).toBe(
      'Second Site',
    );

    const steal = await owner.put('/api/admin/site-domains.php', {
      site: second.id,
      domain: 'second.example',
      domains: ['second.example', 'amora.example'],
    });
    expect(steal.statusCode).toBe(409);
    expect(steal.json().error).toBe('domain_taken');
    expect((await detailOf(owner, second.id)).site.domains).toEqual(['second.example']);
    const again = await owner.post('/api/admin/sites.php', {
      domain: 'amora.example',
      name: 'X',
      copy_from: t.siteId,
    });
    expect(again.json().error).toBe('domain_taken');
    // The admin of the first site does not see the second one.
    const listed = (await admin.get('/api/admin/sites.php'))
      .json()
      .sites.map((entry: { id: number }) => entry.id);
    expect(listed).toEqual([t.siteId]);
    expect((await admin.get(`/api/admin/site.php?site=${second.id}`)).statusCode).toBe(403);
  });

  it('shows an edited company on the next companyinfo.php, to an admin of all its sites only', async () => {
    const { company } = await detailOf(owner);
    const edit = { ...company, name: 'Amora Holding B.V.', delete_discount: 30 };
    // The company now runs the second site too, which the first site's admin does not work on.
    expect(
      (await admin.put('/api/admin/site-company.php', { site: t.siteId, company: edit }))
        .statusCode,
    ).toBe(403);
    expect(
      (await owner.put('/api/admin/site-company.php', { site: t.siteId, company: edit }))
        .statusCode,
    ).toBe(200);
    const answer = (await visitor().get('/api/companyinfo.php')).json().company;
    expect(answer).toMatchObject({ name: 'Amora Holding B.V.', delete_discount: 30 });
    const [entry] = await auditRows('company.change');
    expect(JSON.parse(entry!.after_json!)).toEqual({
      name: 'Amora Holding B.V.',
      delete_discount: 30,
    });
  });
});

describe('the interests', () => {
  it('are added and reordered for the next interests.php; one a member chose stays', async () => {
    const { interests } = (await owner.get('/api/admin/interests.php')).json();
    const [first, second, ...rest] = interests as { id: number; key: string }[];
    const order = [second!, first!, ...rest, { key: 'birdwatching' }];
    const change = await owner.put('/api/admin/interests.php', { interests: order });
    expect(change.statusCode).toBe(200);
    const answer = (await visitor().get('/api/interests.php')).json().interests as {
      key: string;
    }[];
    expect(answer.map((entry) => entry.key)).toEqual(order.map((entry) => entry.key));

    const member = await createMember(t.database.db, t.siteId);
    await t.database.db
      .insertInto('member_interests')
      .values({ member_id: member.id, interest_id: first!.id })
      .execute();
    const removal = await owner.put('/api/admin/interests.php', {
      interests: order.filter((entry) => entry !== first),
    });
    expect(removal.json().error).toBe('interest_in_use');
    expect(((await visitor().get('/api/interests.php')).json().interests as unknown[]).length).toBe(
      order.length,
    );
    expect((await admin.put('/api/admin/interests.php', { interests: order })).statusCode).toBe(
      403,
    );
  });
});
