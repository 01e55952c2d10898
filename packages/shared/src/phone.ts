// Phone numbers (decision 111): stored as digits only — country code + national number, i.e. E.164 without its
// "+" — and checked against libphonenumber-js's "min" metadata (country calling code, leading digits and lengths
// per country; the smallest metadata, ~19 kB gzipped, because the web app's contact forms load it).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { V } from './validation';

/** Seed 000 §5: a contact's number is 8–50 digits (and, since decision 111, a valid number for its country). */
export const CONTACT_NUMBER_MIN = 8;
export const CONTACT_NUMBER_MAX = 50;

/**
 * "+55 (11) 98888-0000" → "5511988880000": a typing mask (spaces, + ( ) . -) is dropped; anything else
 * (letters) is kept as typed so the digits-only rule refuses it.
 */
export function normalizePhoneNumber(raw: string): string {
  const s = raw.trim();
  return /^[\d\s()+.-]+$/.test(s) ? s.replace(/\D/g, '') : s;
}

// A Brazilian mobile: 55, a two-digit area code (no 0), then 9 + eight digits starting 6–9 (or, written before the
// ninth digit existed — and still by WhatsApp for older accounts — the eight digits alone).
const BR_MOBILE_WITH_9 = /^55([1-9]{2})9([6-9]\d{7})$/;
const BR_MOBILE_WITHOUT_9 = /^55([1-9]{2})([6-9]\d{7})$/;

/**
 * The ways a number may be stored: a Brazilian mobile with and without its ninth digit (the canonical form, with
 * it, first); any other number alone. Digits in, digits out.
 */
export function phoneNumberVariants(digits: string): string[] {
  const with9 = BR_MOBILE_WITH_9.exec(digits);
  if (with9) return [digits, `55${with9[1]}${with9[2]}`];
  const without9 = BR_MOBILE_WITHOUT_9.exec(digits);
  if (without9) return [`55${without9[1]}9${without9[2]}`, digits];
  return [digits];
}

/** The form a typed number is stored in: a Brazilian mobile gains its ninth digit; anything else is unchanged. */
export const canonicalPhoneNumber = (digits: string): string => phoneNumberVariants(digits)[0];

/** True when the digits are a country code and a national number valid for that country (E.164 without "+"). */
export const isValidPhoneNumber = (digits: string): boolean => validParse(digits) !== null;

function validParse(digits: string) {
  if (!/^\d{1,15}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() && parsed.number === `+${digits}` ? parsed : null;
}

/**
 * The rules of a typed or imported number, already normalised and canonical (the form's order: digits only, 8–50,
 * valid for its country): the V key of the first one broken, or null.
 */
export function phoneNumberProblem(digits: string): string | null {
  if (!/^\d*$/.test(digits)) return V.contactNumberFormat;
  if (digits.length < CONTACT_NUMBER_MIN) return V.tooShort;
  if (digits.length > CONTACT_NUMBER_MAX) return V.tooLong;
  return isValidPhoneNumber(digits) ? null : V.contactNumberInvalid;
}

/** A contact whose number is a phone number: WhatsApp and not a group (groups and Facebook/Instagram ids are not). */
export const isPhoneContact = (c: { channel: string; isGroup: boolean }) => c.channel === 'whatsapp' && !c.isGroup;

/**
 * A stored number as people read it: "5511988880000" → "+55 11 98888 0000". Anything that is not a valid phone
 * number (a group id, a Facebook id, an LGPD-masked number) is shown as stored.
 */
export function formatPhoneNumber(number: string): string {
  return validParse(number)?.formatInternational() ?? number;
}
