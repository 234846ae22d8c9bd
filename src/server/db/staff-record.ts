import type { SiteScope, StaffProfile, StaffRole } from '@contract/staff';
import type { StaffRow } from './tables/staff-tables';

/**
 * A staff member as the code works with it (issue 30 item 1): the JSON columns parsed, the
 * secrets left out. Read from the database on every request, never kept.
 */
export interface Staff {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  sites: SiteScope;
  languages: string[];
  status: 'active' | 'disabled';
}

export function toStaff(row: Pick<StaffRow, keyof StaffRow>): Staff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    sites: JSON.parse(row.sites_json) as SiteScope,
    languages: JSON.parse(row.languages_json) as string[],
    status: row.status === 'active' ? 'active' : 'disabled',
  };
}

/** Whether the staff member works on this site (their site scope). */
export function worksOnSite(staff: Staff, siteId: number): boolean {
  return staff.sites === 'all' || staff.sites.includes(siteId);
}

export function presentStaff(staff: Staff): StaffProfile {
  return { ...staff, languages: staff.languages as StaffProfile['languages'] };
}
