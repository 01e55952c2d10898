import { Mp3Encoder } from '@breezystack/lamejs';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Seed 000 §2: voice notes are MP3 at 128 kbps; a recording under 10,000 bytes is discarded (a slip of the finger). */
export const AUDIO_KBPS = 128;
export const AUDIO_MIN_BYTES = 10_000;

interface Session {
  stream: MediaStream;
  context: AudioContext;
  source: MediaStreamAudioSourceNode;
  processor: ScriptProcessorNode;
  encoder: Mp3Encoder;
  chunks: Uint8Array[];
  timer: ReturnType<typeof setInterval>;
}

/**
 * Records the microphone straight to MP3 (no browser encodes MP3 itself): PCM from the audio graph goes through lamejs
 * as it arrives, so stopping is instant. `stop()` answers the file, or null when it was too short.
 */
export function useAudioRecorder() {
  const session = useRef<Session | null>(null);
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);

  const release = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (!s) return;
    clearInterval(s.timer);
    s.processor.onaudioprocess = null;
    s.source.disconnect();
    s.processor.disconnect();
    for (const track of s.stream.getTracks()) track.stop();
    void s.context.close().catch(() => {});
    setRecording(false);
    setSeconds(0);
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    if (session.current) return;
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const processor = context.createScriptProcessor(4096, 1, 1);
    const encoder = new Mp3Encoder(1, context.sampleRate, AUDIO_KBPS);
    const chunks: Uint8Array[] = [];
    processor.onaudioprocess = (e) => {
      const input = e.inputBuffer.getChannelData(0);
      const pcm = new Int16Array(input.length);
      for (let i = 0; i < input.length; i++) {
        const v = Math.max(-1, Math.min(1, input[i]));
        pcm[i] = v < 0 ? v * 0x8000 : v * 0x7fff;
      }
      const out = encoder.encodeBuffer(pcm);
      if (out.length) chunks.push(new Uint8Array(out));
    };
    source.connect(processor);
    processor.connect(context.destination);
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    session.current = { stream, context, source, processor, encoder, chunks, timer };
    setSeconds(0);
    setRecording(true);
  }, []);

  const stop = useCallback((): File | null => {
    const s = session.current;
    if (!s) return null;
    const tail = s.encoder.flush();
    const chunks = tail.length ? [...s.chunks, new Uint8Array(tail)] : s.chunks;
    release();
    const blob = new Blob(chunks as BlobPart[], { type: 'audio/mpeg' });
    if (blob.size < AUDIO_MIN_BYTES) return null;
    return new File([blob], `audio-${new Date().toISOString().replace(/[:.]/g, '-')}.mp3`, { type: 'audio/mpeg' });
  }, [release]);

  return { recording, seconds, start, stop, cancel: release };
}
