import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('audio on iOS: the ogg is played as the mp3 the server makes; the speed cycles 0.5/1/1.5/2 and is kept', async () => {
    const ua = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1');
    try {
      localStorage.removeItem('audioPlaybackRate');
      const { container, unmount } = show({
        mediaType: 'audio',
        mediaUrl: '/media/7/media/AbCdEfGhIjKlMnOpQrSt.ogg?exp=1&sig=s',
      });
      expect(container.querySelector('audio')?.getAttribute('src')).toMatch(
        /\/media\/7\/media\/AbCdEfGhIjKlMnOpQrSt\.mp3\?exp=1&sig=s$/,
      );
      const speed = screen.getByRole('button', { name: /velocidade|speed/i });
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        fireEvent.click(speed);
        seen.push(speed.textContent ?? '');
      }
      expect(seen).toEqual(['1.5x', '2x', '0.5x', '1x']);
      fireEvent.click(speed);
      expect(localStorage.getItem('audioPlaybackRate')).toBe('1.5');
      unmount();
      show({ mediaType: 'audio', mediaUrl: '/media/7/media/AbCdEfGhIjKlMnOpQrSt.m4a' });
      expect(screen.getByRole('button', { name: /velocidade|speed/i }).textContent).toBe('1.5x');
    } finally {
      ua.mockRestore();
      localStorage.removeItem('audioPlaybackRate');
    }
  });

  it('audio elsewhere: the ogg is played as it is', () => {
    const { container } = show({ mediaType: 'audio', mediaUrl: '/media/7/media/AbCdEfGhIjKlMnOpQrSt.ogg' });
    expect(container.querySelector('audio')?.getAttribute('src')).toMatch(/\.ogg$/);
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
