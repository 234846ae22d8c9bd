import { z } from 'zod';
import { LOCALES } from './locales';
import { idSchema } from './ids';
import { ageFromDateOfBirth } from './members';
import { mainImageSchema } from './photos';
import { plainLine, plainText } from './plain-text';
import { timeZoneSchema } from './time-zone';

// spec §3 "Logged-in user": exactly these fields.
export const loggedInUserSchema = z.object({
  status: z.string(),
  credits: z.number().int().nonnegative(),
  paid_user: z.boolean(),
  signup_date: z.iso.datetime(),
  fictional_icon: z.boolean(),
  notifications_disabled: z.array(z.string()),
  profile: z.object({
    name: z.string(),
    country: z.string(),
    status: z.string(),
    main_image: mainImageSchema.nullable(),
  }),
});
export type LoggedInUser = z.infer<typeof loggedInUserSchema>;

/** `user` is null for a visitor who is not logged in. */
export const userAnswerSchema = z.object({ user: loggedInUserSchema.nullable() });

// Field rules shared by the signup form and the server (spec §5). Each message is a stable
// code the web app translates under fields.<code>.
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'email_invalid')
  .pipe(z.email('email_invalid'));
// OWASP ASVS 5: at least 8 characters; long passphrases are welcome.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'password_too_short')
  .max(PASSWORD_MAX_LENGTH, 'password_too_long');
export const nameSchema = plainLine(
  z.string().trim().min(2, 'name_too_short').max(40, 'name_too_long'),
).refine((name) => !name.startsWith('@'), 'name_starts_with_at');
export const dateOfBirthSchema = z.iso.date('date_of_birth_invalid');
const trackingValue = plainLine(z.string().trim().max(100)).optional();

/** A zone the server does not know is dropped, never a reason to refuse a signup or login. */
const optionalTimeZone = timeZoneSchema.optional().catch(undefined);

export const signupRequestSchema = z
  .object({
    email: emailSchema,
    name: nameSchema,
    password: passwordSchema,
    date_of_birth: dateOfBirthSchema,
    signup_message: plainText(z.string().trim().max(1000)).optional(),
    /** The member whose page the signup_message was written on (issue 9 §6). */
    signup_message_to: idSchema.optional(),
    network: trackingValue,
    ref: trackingValue,
    sub1: trackingValue,
    sub2: trackingValue,
    sub3: trackingValue,
    invite: plainLine(z.string().trim().max(64)).optional(),
    /**
     * The page the visit began on (issue 30 item 9): the member keeps its lander, so the
     * figures set signups against visits. Anything else is dropped, never a reason to refuse.
     */
    landing_page: z.string().max(400).optional().catch(undefined),
    /** The browser's time zone: the member's day in the swipe game (spec §9). */
    time_zone: optionalTimeZone,
  })
  // spec §5: the profile name must differ from the e-mail address.
  .refine((form) => form.name.toLowerCase() !== form.email, {
    path: ['name'],
    message: 'name_is_email',
  });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** spec §5: the birth date is required and the member at least the site's minimum age. */
export function isOldEnough(dateOfBirth: string, minimumAge: number, today = new Date()): boolean {
  const age = ageFromDateOfBirth(dateOfBirth, today);
  return Number.isFinite(age) && age >= minimumAge && age <= 120;
}

/**
 * An address typed to log in or to ask for a reset: not held to today's address rules (an
 * older account may not meet them), but text a database can compare (no NUL byte or other
 * control character: issue 23 §3).
 */
const enteredEmailSchema = plainLine(z.string().trim().toLowerCase().max(254));

export const loginRequestSchema = z.object({
  email: enteredEmailSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH),
  /** The browser's time zone, kept as the member's (the swipe game's day, spec §9). */
  time_zone: optionalTimeZone,
});

export const languageRequestSchema = z.object({ language: z.enum(LOCALES, 'invalid_value') });

export const resetRequestSchema = z.object({ email: enteredEmailSchema });
export const resetDoRequestSchema = z
  .object({
    token: z.string().min(10).max(200),
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  // spec §5: 'De opgegeven wachtwoorden zijn niet gelijk.'
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: 'passwords_mismatch',
  });

export const tokenRequestSchema = z.object({ token: z.string().min(10).max(200) });

export const mailChangeRequestSchema = z.object({
  new_email: z.string().trim().toLowerCase().max(254).pipe(z.email('new_email_invalid')),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});

export const passwordChangeRequestSchema = z
  .object({
    current_password: z.string().max(PASSWORD_MAX_LENGTH),
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: 'passwords_mismatch',
  });

export const completeSignupRequestSchema = z.object({
  gender: z.enum(['female', 'male']),
  seeking: z.enum(['female', 'male', 'both']),
  country: z.string().regex(/^[A-Z]{2}$/),
  region: z.string().max(10).nullable(),
});

/** What the member's own settings screen shows; never part of the user record. */
export const accountAnswerSchema = z.object({
  account: z.object({ email: z.string(), language: z.string(), name: z.string() }),
});

export const okAnswerSchema = z.object({ ok: z.literal(true) });
