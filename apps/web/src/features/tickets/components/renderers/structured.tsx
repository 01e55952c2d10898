/**
 * Renderers of the structured message types of seed 000 §2 (call log, event, list, buttons, payment request,
 * meeting, link preview, view-once, interactive reply, template, poll, reaction, ad preview, order, system,
 * unsupported). Every field is read through `safe.ts`: a malformed payload shows less, never throws.
 */
export * from './choiceMessages';
export * from './commerceMessages';
export * from './previewMessages';
export { EVENT_DEFAULT_SECONDS, epoch, formatBRLFromCents, paymentCents, safeHref } from './structuredParts';
export * from './timeMessages';
