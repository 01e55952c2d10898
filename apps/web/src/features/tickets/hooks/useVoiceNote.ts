import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { useAudioRecorder } from './useAudioRecorder';
import { useSendFiles } from './useMessages';

/** The composer's voice note: record, then send as one file marked voice (never a private note), or discard. */
export function useVoiceNote(ticketId: number) {
  const { t } = useTranslation();
  const recorder = useAudioRecorder();
  const sendFiles = useSendFiles(ticketId);
  const start = () => {
    recorder.start().catch(() => toast.error(t('tickets.composer.micDenied')));
  };
  const send = () => {
    const file = recorder.stop();
    if (!file) {
      toast.warning(t('tickets.composer.audioTooShort'));
      return;
    }
    sendFiles.mutate({ files: [{ file, caption: '' }], isPrivate: false, voice: true }, { onError: toastError });
  };
  return { recording: recorder.recording, seconds: recorder.seconds, start, send, cancel: recorder.cancel };
}
