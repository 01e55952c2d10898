/** What other modules may use of the conversation module: OpenAI's audio transcription (the AI prompts' runtime). */
export { transcribe, transcriptionFailure } from './transcription';
