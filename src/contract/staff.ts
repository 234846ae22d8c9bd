import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { LOCALES } from './locales';
import { plainLine } from './plain-text';

/**
 * Who runs the sites (issue 30 item 1): staff are their own identity, never members.
 * - owner: everything, staff and the audit log included;
 * - admin: the sites' settings, codes, payments and every queue;
 * - moderator: photos, reports, bans;
 * - operator: answers as fictional profiles (the inbox), limited to languages.
 */
export const STAFF_ROLES = ['owner', 'admin', 'moderator', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Which sites a staff member works on: every site of the installation, or these ids. */
export const siteScopeSchema = z.union([z.literal('all'), z.array(idSchema)]);
export type SiteScope = z.infer<typeof siteScopeSchema>;

export const staffProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  sites: siteScopeSchema,
  /** The languages an operator answers in; empty: all of them. */
  languages: z.array(z.enum(LOCALES)),
  status: z.enum(['active', 'disabled']),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

export const staffMeAnswerSchema = z.object({ staff: staffProfileSchema });

export const staffLoginRequestSchema = z.object({
  // Control characters (a NUL, which PostgreSQL refuses in text) are invalid, not a 500.
  email: plainLine(z.string().trim().toLowerCase().max(254)),
  password: z.string().max(200),
  /** The authenticator's 6 digits, or one of the recovery codes. */
  code: z
    .string()
    .trim()
    .max(40)
    .transform((code) => code.replace(/\s+/g, '')),
});

export const staffChangeRequestSchema = z.object({
  staff: idSchema,
  role: z.enum(STAFF_ROLES).optional(),
  sites: siteScopeSchema.optional(),
  languages: z.array(z.enum(LOCALES)).optional(),
  status: z.enum(['active', 'disabled']).optional(),
});

export const staffListAnswerSchema = z.object({ staff: z.array(staffProfileSchema) });

export const staffCreateRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  name: z.string().trim().min(1).max(80),
  password: z.string().min(12).max(200),
  role: z.enum(STAFF_ROLES),
  sites: siteScopeSchema,
  languages: z.array(z.enum(LOCALES)).default([]),
});

/** A new staff member's second factor, shown once (issue 30 item 1). */
export const staffCreatedAnswerSchema = z.object({
  staff: staffProfileSchema,
  totp_secret: z.string(),
  otpauth_url: z.string(),
  recovery_codes: z.array(z.string()),
});

/** One row of the audit log (issue 30 item 2): who did what, when, where, before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  action: z.string(),
  site_id: z.number().int().nullable(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  staff: idParamSchema.optional(),
  action: z.string().max(60).optional(),
  /** Entries with a smaller id than this (the next page). */
  before: idParamSchema.optional(),
});
export const auditAnswerSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_before: z.number().int().nullable(),
});
