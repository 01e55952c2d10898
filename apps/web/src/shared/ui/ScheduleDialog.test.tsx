import { describe, expect, it } from 'vitest';
import { makeClock, toZonedInput } from '../clock';
import { checkSchedule, checkScheduleImage } from './ScheduleDialog';

describe('the schedule modal checks (seed 000 §5)', () => {
  const ok = { body: 'Lembrete do pedido', sendAt: '2026-11-25T10:00', contacts: [{ id: 1 }] };
  it('accepts a text of 5 characters or more, a time and a contact', () => {
    expect(checkSchedule(ok)).toEqual({});
    expect(checkSchedule({ ...ok, body: '  olá!! ' })).toEqual({});
  });
  it("'Mensagem muito curta' under 5, 'Obrigatório' without text or time, 'Selecione pelo menos um contato'", () => {
    expect(checkSchedule({ ...ok, body: 'oi' })).toEqual({ body: 'validation.scheduleBodyShort' });
    expect(checkSchedule({ ...ok, body: '   ' })).toEqual({ body: 'validation.required' });
    expect(checkSchedule({ ...ok, sendAt: '' })).toEqual({ sendAt: 'validation.required' });
    expect(checkSchedule({ ...ok, contacts: [] })).toEqual({ contactIds: 'validation.selectContact' });
  });
  it("fills a datetime-local field on the company's clock", () => {
    // the field holds the company's wall clock (São Paulo, UTC−3), whatever the browser's zone
    expect(toZonedInput(makeClock('America/Sao_Paulo', 'pt'), '2026-01-05T10:03:00Z')).toBe('2026-01-05T07:03');
  });
  it('an attachment is a png or jpeg image of 5 MB at most', () => {
    expect(checkScheduleImage({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkScheduleImage({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkScheduleImage({ type: 'image/gif', size: 1000 })).toBe('validation.scheduleImageType');
    expect(checkScheduleImage({ type: 'application/pdf', size: 1000 })).toBe('validation.scheduleImageType');
    expect(checkScheduleImage({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('errors.ERR_FILE_TOO_LARGE');
  });
});
