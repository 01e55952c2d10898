import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { MessageInput } from './MessageInput';

// The microphone and lamejs are the browser's business: the recorder answers a small MP3 file.
vi.mock('../hooks/useAudioRecorder', () => ({
  useAudioRecorder: () => {
    const [recording, setRecording] = useState(false);
    return {
      recording,
      seconds: 3,
      start: async () => setRecording(true),
      stop: () => {
        setRecording(false);
        return new File([new Uint8Array(12_000)], 'audio-2026.mp3', { type: 'audio/mpeg' });
      },
      cancel: () => setRecording(false),
    };
  },
}));

afterEach(() => vi.unstubAllGlobals());

describe('MessageInput: voice notes', () => {
  it('the recording goes as one multipart file marked voice=true (the server sends it in the channel’s format)', async () => {
    const spy = mockFetch({ '/messages/5': { id: 1, ticketId: 5 } });
    renderWithProviders(<MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />, {
      session: sessionValue(makeUser()),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar áudio' }));
    const post = () =>
      (spy.mock.calls as unknown as [unknown, RequestInit | undefined][]).find(([, init]) => init?.method === 'POST');
    await waitFor(() => expect(post()).toBeDefined());
    const form = post()?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('voice')).toBe('true');
    expect((form.get('medias') as File).name).toBe('audio-2026.mp3');
    expect(form.get('isPrivate')).toBeNull();
  });
});
