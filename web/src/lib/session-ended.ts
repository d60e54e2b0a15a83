import { clearSession, readToken, storeOf } from './session-storage';

/**
 * "Your session has ended" is said once, on the login page the user lands on. The note waits in
 * this tab's sessionStorage between the place that found the session gone (the API client, the
 * renewal timer) and the login page, which takes it away as it shows it, so a reload does not
 * show it again.
 */
const ENDED_KEY = 'sailpost:session-ended';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * Forgets a session the server no longer accepts (expired, or revoked by 'Sign out everywhere' on
 * another device) and leaves the note for the login page. Logging out on purpose uses
 * clearSession, which leaves no note.
 */
export const endSession = () => {
  if (readToken() !== null) storeOf('session')?.setItem(ENDED_KEY, '1');
  clearSession();
};

/** Whether a session ended since the login page last said so; the note is removed. */
export const takeSessionEndedNote = (): boolean => {
  const notes = storeOf('session');
  if (!notes) return false;
  const ended = notes.getItem(ENDED_KEY) !== null;
  notes.removeItem(ENDED_KEY);
  return ended;
};
