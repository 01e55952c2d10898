import { z } from 'zod';
import { contactNumberField } from './contacts';
import { emailField, nameField, passwordField, V } from './validation';

// Its own module (decision 111): the phone check loads libphonenumber-js's metadata, which /login must not load; the
// web app's entry imports auth.ts for the session, and a schema built at a module's top level is always kept.
/** Sign-up payload (seed 002 §3, rules of §5). */
export const SignupBody = z.object({
  name: z.string({ error: V.required }).trim().min(1, V.required).min(2, V.nameTooShortSignup).max(50, V.nameTooLongSignup),
  email: emailField(),
  password: passwordField(),
  /** Digits with the country code, as a contact's number (a mask is normalised). */
  phone: contactNumberField(),
  companyName: nameField(2, 50),
  planId: z.coerce.number({ error: V.required }).int().positive(V.required),
});
export type SignupBody = z.infer<typeof SignupBody>;
