import { describe, expect, it } from 'vitest';
import { contactEditSchema, contactFormSchema, contactNumberField } from './contacts';
import {
  canonicalPhoneNumber,
  formatPhoneNumber,
  isPhoneContact,
  isValidPhoneNumber,
  normalizePhoneNumber,
  phoneNumberProblem,
  phoneNumberVariants,
} from './phone';
import { V } from './validation';

describe('isValidPhoneNumber (digits: country code + national number)', () => {
  it.each([
    ['5511988880000', 'BR mobile'],
    ['551133334444', 'BR landline'],
    ['5521987654321', 'BR mobile, Rio'],
    ['14155552671', 'US'],
    ['905321234567', 'TR mobile'],
    ['34612345678', 'ES mobile'],
    ['447911123456', 'UK mobile'],
  ])('accepts %s (%s)', (n) => expect(isValidPhoneNumber(n)).toBe(true));

  it.each([
    ['5500000000001', 'BR area code 00'],
    ['15551234567', 'US area code 555'],
    ['1234567890', 'US, one digit short'],
    ['551234', 'too short'],
    ['11988880000', 'no country code (read as +1)'],
    ['55011988880000', 'trunk prefix 0 after the country code'],
    ['+5511988880000', 'not digits'],
    ['', 'empty'],
  ])('refuses %s (%s)', (n) => expect(isValidPhoneNumber(n)).toBe(false));
});

describe('Brazilian ninth digit', () => {
  it('gives both variants of a mobile, the one with the ninth digit first', () => {
    expect(phoneNumberVariants('5511988880000')).toEqual(['5511988880000', '551188880000']);
    expect(phoneNumberVariants('551188880000')).toEqual(['5511988880000', '551188880000']);
  });

  it('leaves a landline, another country and a 9-prefixed landline-like number alone', () => {
    expect(phoneNumberVariants('551133334444')).toEqual(['551133334444']);
    expect(phoneNumberVariants('14155552671')).toEqual(['14155552671']);
    // 9 + eight digits starting 3: not an old mobile, so no variant without the 9
    expect(phoneNumberVariants('5511933334444')).toEqual(['5511933334444']);
  });

  it('canonicalises a mobile to the form with the ninth digit, never a landline', () => {
    expect(canonicalPhoneNumber('551188880000')).toBe('5511988880000');
    expect(canonicalPhoneNumber('5511988880000')).toBe('5511988880000');
    expect(canonicalPhoneNumber('551133334444')).toBe('551133334444');
  });
});

describe('contactNumberField', () => {
  const field = contactNumberField();
  const messages = (v: string) => field.safeParse(v).error?.issues.map((i) => i.message) ?? [];

  it('accepts a masked or "+" number and stores digits, a BR mobile with its ninth digit', () => {
    expect(field.parse('+55 (11) 98888-0000')).toBe('5511988880000');
    expect(field.parse('+55 11 8888-0000')).toBe('5511988880000');
    expect(field.parse('55 11 3333-4444')).toBe('551133334444');
    expect(field.parse('+1 (415) 555-2671')).toBe('14155552671');
  });

  it('refuses a number without its country code, or not valid for its country, with the new message', () => {
    expect(messages('(11) 98888-0000')).toEqual([V.contactNumberInvalid]);
    expect(messages('5500000000001')).toEqual([V.contactNumberInvalid]);
  });

  it('keeps the earlier messages for letters, too short and too long (one message each)', () => {
    expect(messages('55abc')).toEqual([V.contactNumberFormat]);
    expect(messages('5511')).toEqual([V.tooShort]);
    expect(messages('5'.repeat(51))).toEqual([V.tooLong]);
  });

  it('phone: false is the digits-only rule (a group id passes, unchanged)', () => {
    expect(contactNumberField({ phone: false }).parse('120363025000000000')).toBe('120363025000000000');
    expect(contactFormSchema(250, { phone: false }).safeParse({ name: 'Group', number: '120363025000000000' }).success).toBe(
      true,
    );
    expect(contactFormSchema().safeParse({ name: 'Group', number: '120363025000000000' }).success).toBe(false);
  });
});

describe('display and kinds', () => {
  it('formats a valid stored number internationally and leaves anything else as stored', () => {
    expect(formatPhoneNumber('5511988880000')).toMatch(/^\+55 11 98888.0000$/);
    expect(formatPhoneNumber('14155552671')).toBe('+1 415 555 2671');
    expect(formatPhoneNumber('5511*******00')).toBe('5511*******00');
    expect(formatPhoneNumber('120363025000000000')).toBe('120363025000000000');
  });

  it('normalises a typing mask, keeps letters', () => {
    expect(normalizePhoneNumber(' +55 (11) 98888-0000 ')).toBe('5511988880000');
    expect(normalizePhoneNumber('55 11 abc')).toBe('55 11 abc');
  });

  it('a phone contact is a WhatsApp one that is not a group', () => {
    expect(isPhoneContact({ channel: 'whatsapp', isGroup: false })).toBe(true);
    expect(isPhoneContact({ channel: 'whatsapp', isGroup: true })).toBe(false);
    expect(isPhoneContact({ channel: 'facebook', isGroup: false })).toBe(false);
  });
});

describe('phoneNumberProblem', () => {
  it('answers the first broken rule, as the form orders them', () => {
    expect(phoneNumberProblem('5511988880000')).toBeNull();
    expect(phoneNumberProblem('55x')).toBe(V.contactNumberFormat);
    expect(phoneNumberProblem('5511')).toBe(V.tooShort);
    expect(phoneNumberProblem('5'.repeat(51))).toBe(V.tooLong);
    expect(phoneNumberProblem('5500000000001')).toBe(V.contactNumberInvalid);
  });
});

describe('contactEditSchema', () => {
  const stored = { number: '551188880000', channel: 'whatsapp', isGroup: false };
  const issues = (current: typeof stored, number: string) =>
    contactEditSchema(current)
      .safeParse({ name: 'Ana', number })
      .error?.issues.map((i) => i.message) ?? [];

  it('lets a stored number go back unchanged (a mobile WhatsApp gave without its ninth digit stays so)', () => {
    expect(contactEditSchema(stored).parse({ name: 'Ana', number: '551188880000' }).number).toBe('551188880000');
  });

  it('checks a changed number of a phone contact, never a group id', () => {
    expect(issues(stored, '5500000000001')).toEqual([V.contactNumberInvalid]);
    expect(issues(stored, '+55 11 97777-0000')).toEqual([]);
    expect(issues({ number: '120363025000000001', channel: 'whatsapp', isGroup: true }, '120363025000000002')).toEqual([]);
  });
});
