import type { FastifyInstance } from 'fastify';
import type { FictionalProfileInput } from '@contract/fictional-profiles';
import { fictionalProfilesApi } from '@contract/endpoints/fictional-profiles';
import { ageFromDateOfBirth } from '@contract/members';
import { PHOTO_LIMITS } from '@contract/profiles';
import { AppError, invalidFields } from '@server/errors/app-error';
import { isRegionOf } from '@server/features/geo';
import type { Site } from '@server/features/sites';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { areKnownInterests } from '../interest-queries';
import { deletePhoto, insertPhotoWithinLimit } from '../photo-queries';
import { receivePhoto, removePhotoFiles } from '../photo-upload';
import {
  changeFictionalProfile,
  createFictionalProfile,
  photoAudit,
  setFictionalState,
} from './fictional-changes';
import { presentFictionalProfile, presentFictionalSummary } from './fictional-presenter';
import { listFictionalProfiles, loadFictionalProfile } from './fictional-queries';

const notFound = () => new AppError('not_found', 'not_found');

/** Issue 30 item 4: the console's fictional profiles, on the site the console is open on. */
export function fictionalProfileRoutes(app: FastifyInstance, { db, storage }: Services) {
  /** The member editor's checks, and an adult's birth date (spec §5). */
  async function check(site: Site, input: FictionalProfileInput) {
    if (!site.settings.countries.includes(input.country))
      throw invalidFields({ country: 'invalid_value' });
    if (input.region !== null && !isRegionOf(input.country, input.region))
      throw invalidFields({ region: 'invalid_value' });
    const age = ageFromDateOfBirth(input.birth_date);
    if (age < 18 || age > 120) throw invalidFields({ birth_date: 'date_of_birth_invalid' });
    if (!(await areKnownInterests(db, input.interests)))
      throw invalidFields({ interests: 'invalid_value' });
  }

  async function answer(site: Site, id: number) {
    const rows = await loadFictionalProfile(db, site.id, id);
    if (!rows) throw notFound();
    return { profile: presentFictionalProfile(site, rows) };
  }

  registerEndpoint(app, fictionalProfilesApi.list, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const rows = await listFictionalProfiles(db, request.site.id);
    return { profiles: rows.map((row) => presentFictionalSummary(request.site, row)) };
  });

  registerEndpoint(app, fictionalProfilesApi.one, async ({ request, reply, query }) => {
    reply.header('cache-control', 'no-store');
    return answer(request.site, query.id);
  });

  registerEndpoint(app, fictionalProfilesApi.create, async ({ request, staff, body }) => {
    await check(request.site, body);
    const actor = { staffId: staff.id, siteId: request.site.id };
    return answer(request.site, await createFictionalProfile(db, actor, body));
  });

  registerEndpoint(app, fictionalProfilesApi.change, async ({ request, staff, body }) => {
    const { id, ...input } = body;
    await check(request.site, input);
    const actor = { staffId: staff.id, siteId: request.site.id };
    if (!(await changeFictionalProfile(db, actor, id, input))) throw notFound();
    return answer(request.site, id);
  });

  registerEndpoint(app, fictionalProfilesApi.state, async ({ request, staff, body }) => {
    const actor = { staffId: staff.id, siteId: request.site.id };
    if (!(await setFictionalState(db, actor, body.id, body.state))) throw notFound();
    return answer(request.site, body.id);
  });

  /** A profile whose photos may change: this site's, fictional, not retired. */
  async function photoTarget(site: Site, id: number) {
    const rows = await loadFictionalProfile(db, site.id, id);
    if (!rows) throw notFound();
    if (rows.member.status === 'retired') throw invalidFields({ state: 'invalid_value' });
    return rows;
  }

  registerEndpoint(app, fictionalProfilesApi.uploadPhoto, async ({ request, staff, query }) => {
    await photoTarget(request.site, query.profile);
    const limitReached = new AppError('photo_limit_reached', 'forbidden', {
      fields: { limit: String(PHOTO_LIMITS.premium) },
    });
    const { keys, width, height } = await receivePhoto(request, storage);
    const actor = { staffId: staff.id, siteId: request.site.id };
    const inserted = await insertPhotoWithinLimit(
      db,
      query.profile,
      PHOTO_LIMITS.premium,
      // Active at once: the staff member who chose it is the moderation.
      { ...keys, status: 'active', width, height },
      photoAudit(actor, query.profile, 'fictional.photo_added'),
    ).catch(async (error: unknown) => {
      await removePhotoFiles(storage, keys);
      throw error;
    });
    if (!inserted) {
      await removePhotoFiles(storage, keys);
      throw limitReached;
    }
    return answer(request.site, query.profile);
  });

  registerEndpoint(app, fictionalProfilesApi.removePhoto, async ({ request, staff, body }) => {
    await photoTarget(request.site, body.profile);
    const actor = { staffId: staff.id, siteId: request.site.id };
    const deleted = await deletePhoto(
      db,
      body.profile,
      body.photo,
      photoAudit(actor, body.profile, 'fictional.photo_removed'),
    );
    if (!deleted) throw notFound();
    await removePhotoFiles(storage, {
      storageKey: deleted.storage_key,
      blurredStorageKey: deleted.blurred_storage_key,
    });
    return answer(request.site, body.profile);
  });
}
