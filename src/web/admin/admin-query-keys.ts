import { queryKeys } from '@web/api/query-keys';

/** The console's query keys, under the one `admin` prefix of @web/api/query-keys. */
export const adminKeys = {
  me: queryKeys.admin('me'),
  inbox: queryKeys.admin('inbox'),
  conversation: (id: number) => queryKeys.admin('conversation', id),
  figures: queryKeys.admin('figures'),
  audit: (filters: object) => queryKeys.admin('audit', filters),
  photoQueue: queryKeys.admin('photo-queue'),
  reports: queryKeys.admin('reports'),
  memberLookups: queryKeys.admin('member-lookup'),
  memberLookup: (q: string) => queryKeys.admin('member-lookup', q),
  memberCard: (id: number) => queryKeys.admin('member-card', id),
  sites: queryKeys.admin('sites'),
  site: (id: number) => queryKeys.admin('sites', id),
  interests: queryKeys.admin('interests'),
  siteFigures: (filters: object) => queryKeys.admin('site-figures', filters),
  staffList: queryKeys.admin('staff'),
  profiles: queryKeys.admin('fictional-profiles'),
  profile: (id: number) => queryKeys.admin('fictional-profile', id),
};
