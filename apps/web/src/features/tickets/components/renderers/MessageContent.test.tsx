import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { MessageContent, type RenderableMessage, readContactCards } from './MessageContent';

const show = (message: RenderableMessage) => renderWithProviders(<MessageContent message={message} />);

describe('message renderers', () => {
  it('text: good and malformed', () => {
    show({ mediaType: 'text', body: 'Olá\nmundo' });
    expect(screen.getByText(/Olá/)).toBeTruthy();
    expect(() => show({ mediaType: 'text', body: { not: 'a string' } })).not.toThrow();
  });

  it('image: shows the picture; without a URL shows the text', () => {
    const { container } = show({ mediaType: 'image', mediaUrl: '/media/a.jpg', body: 'legenda' });
    expect(container.querySelector('img')?.getAttribute('src')).toContain('/media/a.jpg');
    expect(screen.getByText('legenda')).toBeTruthy();
    const bad = show({ mediaType: 'image', mediaUrl: 42, body: null });
    expect(bad.container.querySelector('img')).toBeNull();
  });

  it('audio: player with speed; malformed URL does not crash', () => {
    const { container } = show({ mediaType: 'audio', mediaUrl: '/media/a.ogg' });
    expect(container.querySelector('audio')).not.toBeNull();
    expect(screen.getByRole('button', { name: /velocidade|speed/i }).textContent).toBe('1x');
    expect(() => show({ mediaType: 'audio', mediaUrl: ['x'] })).not.toThrow();
  });

  it('video: good and malformed', () => {
    const { container } = show({ mediaType: 'video', mediaUrl: '/media/v.mp4' });
    expect(container.querySelector('video')).not.toBeNull();
    const bad = show({ mediaType: 'video', mediaUrl: null, body: undefined });
    expect(bad.container.querySelector('video')).toBeNull();
  });

  it('document: link named after the file; malformed still renders', () => {
    show({ mediaType: 'application', mediaUrl: '/media/f.pdf', mediaName: 'contrato.pdf' });
    expect(screen.getByRole('link', { name: 'contrato.pdf' })).toBeTruthy();
    expect(() => show({ mediaType: 'application', mediaUrl: {}, mediaName: 5 })).not.toThrow();
  });

  it('location: map link from coordinates; missing coordinates show the text', () => {
    show({ mediaType: 'location', body: 'Praça', dataJson: { latitude: -23.5, longitude: -46.6, name: 'Praça da Sé' } });
    expect(screen.getByRole('link', { name: 'Praça da Sé' }).getAttribute('href')).toContain('-23.5,-46.6');
    show({ mediaType: 'location', body: 'sem coordenadas', dataJson: { latitude: 'abc' } });
    expect(screen.getByText('sem coordenadas')).toBeTruthy();
    expect(() => show({ mediaType: 'location', dataJson: 'garbage' })).not.toThrow();
  });

  it('contact card: from dataJson or a vCard body; malformed is tolerated', () => {
    show({
      mediaType: 'contact',
      dataJson: { contacts: [{ name: { formatted_name: 'Maria' }, phones: [{ phone: '+5511999990000' }] }] },
    });
    expect(screen.getByText('Maria')).toBeTruthy();
    expect(screen.getByText('+5511999990000')).toBeTruthy();
    expect(readContactCards({ body: 'BEGIN:VCARD\nFN:João\nTEL;waid=55119:+55 11 9\nEND:VCARD' })).toEqual([
      { name: 'João', number: '+55 11 9' },
    ]);
    expect(readContactCards({ dataJson: { contacts: 'x' } })).toEqual([]);
    expect(() => show({ mediaType: 'contact', dataJson: { contacts: [null, 3, { phones: 'x' }] } })).not.toThrow();
  });

  it('an unknown type shows its text', () => {
    show({ mediaType: 'poll', body: 'Qual dia?' });
    expect(screen.getByText('Qual dia?')).toBeTruthy();
  });
});
