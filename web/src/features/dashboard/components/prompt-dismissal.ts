/**
 * 'Later' on the dashboard's verification prompt lasts for the browser session (sessionStorage),
 * per user; a new session asks again.
 */
const keyOf = (userId: string) => `sailpost.phoneVerificationDismissed.${userId}`;

export const wasPromptDismissed = (userId: string | undefined): boolean => {
  if (!userId) return false;
  try {
    return window.sessionStorage.getItem(keyOf(userId)) === '1';
  } catch {
    return false;
  }
};

export const rememberPromptDismissed = (userId: string | undefined) => {
  if (!userId) return;
  try {
    window.sessionStorage.setItem(keyOf(userId), '1');
  } catch {
    // Without storage the prompt simply stays away until the page reloads.
  }
};
