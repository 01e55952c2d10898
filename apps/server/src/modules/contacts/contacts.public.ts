/** What other modules may use of contacts (docs/architecture.md, the module rule): the contact book's search predicate. */
export { contactSearchSql, ensureWhatsappContact } from './contacts.repository';
/** The spreadsheet reader (xlsx, xls, csv; first row the header): contact lists import through the same one. */
export { dataRows, detectKind } from './contacts.spreadsheet';
/** A new contact's or ticket's number looked up on WhatsApp through a QR connection (ERR_WAPP_INVALID_CONTACT). */
export { createWhatsappNumberCheck, type WhatsappNumberCheck } from './contacts.whatsapp-check';
