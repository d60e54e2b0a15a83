/**
 * An address as the profile shows a linked Google account: its first character, an ellipsis and
 * the domain (`a…@gmail.com`). Enough for the owner to recognise which Google account it is,
 * without the API handing the whole address to whatever holds an access token.
 */
export const maskedEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return '…';
  return `${[...email.slice(0, at)][0]}…${email.slice(at)}`;
};
