import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { AI_CAMPAIGN_TEXTS } from '#shared/domain/ai-campaigns';

/*
 * The Web Speech API's recognition, as far as dictation uses it. TypeScript's DOM library leaves
 * it out (browsers ship it prefixed or not at all), so its shape is stated here.
 */
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
export interface RecognitionResultEvent extends Event {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: RecognitionResult };
}
export interface RecognitionErrorEvent extends Event {
  readonly error: string;
}
export interface SpeechRecognitionLike extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => SpeechRecognitionLike;

declare global {
  interface Window {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  }
}

const recognitionConstructor = (): RecognitionConstructor | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window.SpeechRecognition ?? window.webkitSpeechRecognition);

/** Stopping on purpose ends a session with 'aborted': not an error to report. */
const QUIET_ERRORS = new Set(['aborted']);

/**
 * Dictation into a text field: `toggle` starts listening (the browser asks for the microphone
 * once) and stops it; each finished phrase is handed to `onTranscript`. Without speech recognition
 * (Firefox, some privacy settings) it says 'Speech recognition is not supported in your browser.';
 * a failure (no microphone, permission refused, no speech heard, the network) says 'Speech
 * recognition error. Please try again.'. Leaving the page stops listening.
 */
export const useSpeechRecognition = (onTranscript: (transcript: string) => void) => {
  const [listening, setListening] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const latestOnTranscript = useRef(onTranscript);
  useEffect(() => {
    latestOnTranscript.current = onTranscript;
  });

  useEffect(
    () => () => {
      const current = recognition.current;
      recognition.current = null;
      if (current) {
        current.onend = null;
        current.onerror = null;
        current.onresult = null;
        current.abort();
      }
    },
    [],
  );

  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Recognition = recognitionConstructor();
    if (!Recognition) {
      toast.error(AI_CAMPAIGN_TEXTS.speechUnsupported, { id: 'speech-unsupported' });
      return;
    }
    const session = new Recognition();
    session.lang = document.documentElement.lang || navigator.language || 'en-US';
    session.continuous = true;
    session.interimResults = false;
    session.onresult = (event) => {
      let transcript = '';
      for (let index = event.resultIndex; index < event.results.length; index += 1) {
        const result = event.results[index];
        if (result?.isFinal && result[0]) transcript += result[0].transcript;
      }
      if (transcript.trim()) latestOnTranscript.current(transcript.trim());
    };
    session.onerror = (event) => {
      if (!QUIET_ERRORS.has(event.error)) {
        toast.error(AI_CAMPAIGN_TEXTS.speechError, { id: 'speech-error' });
      }
    };
    session.onend = () => {
      if (recognition.current === session) recognition.current = null;
      setListening(false);
    };
    try {
      session.start();
    } catch {
      toast.error(AI_CAMPAIGN_TEXTS.speechError, { id: 'speech-error' });
      return;
    }
    recognition.current = session;
    setListening(true);
  }, []);

  const toggle = useCallback(() => {
    if (recognition.current) stop();
    else start();
  }, [start, stop]);

  return { listening, toggle, stop };
};

/** Dictated words after what is typed, with one space between. */
export const appendTranscript = (current: string, transcript: string): string => {
  if (!current.trim()) return transcript;
  return /\s$/.test(current) ? `${current}${transcript}` : `${current} ${transcript}`;
};
