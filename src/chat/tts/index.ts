// Reading aloud with the server's offline voice: the panel, its flag, and the shared voice for other widgets.
export { TtsPanel, type TtsPanelProps } from './tts-panel.tsx';
export { useTtsEnabled, TTS_FLAG } from './use-tts-enabled.ts';
export {
  speak,
  stopSpeaking,
  primeAudio,
  useSpeechState,
  speechLang,
  type SpeechState,
  type SpeechStatus,
  type SpeechOutcome,
  type SpeechLang,
} from './speech.ts';
export { messageText, splitForSpeech } from './speech-text.ts';
