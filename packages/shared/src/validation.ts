import { z } from 'zod';

/**
 * Validation messages are i18n keys (translated by the web app in all four languages),
 * so a message is written once and the server's 400 `fields[].message` reads the same as the form.
 */
export const V = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
  invalid: 'validation.invalid',
  min0: 'validation.min0',
  wholeHours: 'validation.wholeHours',
  shortcodeNoSpaces: 'validation.shortcodeNoSpaces',
  max15: 'validation.max15',
  passwordTooShort: 'validation.passwordTooShort',
  nameTooShortSignup: 'validation.signupTooShort',
  nameTooLongSignup: 'validation.signupTooLong',
  greetingRequired: 'validation.greetingRequired',
  requiredWhileEnabled: 'validation.requiredWhileEnabled',
  selectQueue: 'validation.selectQueue',
  tagTooShort: 'validation.tagTooShort',
  invalidTicketId: 'validation.invalidTicketId',
  contactNumberFormat: 'validation.contactNumberFormat',
  contactNumberInvalid: 'validation.contactNumberInvalid',
  tagNameTooShort: 'validation.tagNameTooShort',
  importNumberColumn: 'validation.importNumberColumn',
  importNameColumn: 'validation.importNameColumn',
  importColumnTwice: 'validation.importColumnTwice',
  importNoRows: 'validation.importNoRows',
  scheduleBodyShort: 'validation.scheduleBodyShort',
  selectContact: 'validation.selectContact',
  invalidCharacter: 'validation.invalidCharacter',
  invalidColor: 'validation.invalidColor',
  invalidVideo: 'validation.invalidVideo',
  fullNameRequired: 'validation.fullNameRequired',
  taxIdRequired: 'validation.taxIdRequired',
  fileListNameShort: 'validation.fileListNameShort',
  dateRangeReversed: 'validation.dateRangeReversed',
  companyNameRequired: 'validation.companyNameRequired',
  companyEmailRequired: 'validation.companyEmailRequired',
  companyEmailInvalid: 'validation.companyEmailInvalid',
  unknownPlaceholder: 'validation.unknownPlaceholder',
  webhookUrl: 'validation.webhookUrl',
  webhookEvents: 'validation.webhookEvents',
  twoFactorCode: 'validation.twoFactorCode',
} as const;

export const nameField = (min = 2, max = 50) =>
  z.string({ error: V.required }).trim().min(1, V.required).min(min, V.tooShort).max(max, V.tooLong);

export const emailField = () =>
  z.string({ error: V.required }).trim().min(1, V.required).max(254, V.tooLong).email(V.invalidEmail).toLowerCase();

export const passwordField = () => z.string({ error: V.required }).min(5, V.tooShort).max(50, V.tooLong);

/** A hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa): 3 to 9 characters as seed 001 §5 says, and a colour. */
export const colorField = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required, abort: true })
    .min(3, { error: V.tooShort, abort: true })
    .max(9, { error: V.tooLong, abort: true })
    .regex(/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, V.invalidColor);

/** Positive integer id in a path parameter. */
export const idParam = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid);
/** `:id` route parameters (a positive 32-bit id). */
export const IdParams = z.object({ id: idParam });
/** The answer of a route that replies 204 with no body (its OpenAPI entry shows no content). */
export const NoContent = z.undefined();
