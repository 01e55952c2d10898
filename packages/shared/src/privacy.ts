import { z } from 'zod';
import { LANGUAGES, type Language } from './users';
import { V } from './validation';

/**
 * A data subject's rights under the LGPD, per contact (issue 34 item 4; docs/privacy.md): the export of everything
 * held about one contact, and its erasure.
 */

/** The erasure cannot be undone: the body repeats the contact's number as it is shown (spaces and case ignored). */
export const EraseContactBody = z.object({
  confirm: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
  /** The language of the name the contact keeps (else the request's Accept-Language). */
  lang: z.enum(LANGUAGES, { error: V.invalid }).optional(),
});
export type EraseContactBody = z.infer<typeof EraseContactBody>;

/** The name an erased contact keeps, in the language of the admin who erased it. */
export const ERASED_CONTACT_NAME: Record<Language, string> = {
  pt: 'Contato apagado',
  en: 'Erased contact',
  es: 'Contacto borrado',
  tr: 'Silinmiş kişi',
};

/** An erased contact's number (the column is unique per company and channel, so it cannot be empty for two). */
export const erasedContactNumber = (contactId: number) => `erased-${contactId}`;
/** Whether a contact's number says it was erased. */
export const isErasedContactNumber = (number: string) => /^erased-\d+$/.test(number);

/** Whether what was typed confirms erasing the contact of `number`: spaces, "+", dashes, brackets and case ignored. */
export function eraseConfirmationMatches(typed: string, number: string): boolean {
  const key = (s: string) => s.replace(/[\s()+-]/g, '').toLowerCase();
  return key(typed) !== '' && key(typed) === key(number);
}
