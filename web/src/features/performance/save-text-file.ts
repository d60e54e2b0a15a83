/**
 * Saves text as a file the browser downloads (the export answers JSON with the CSV inside, so the
 * API client's token and error handling apply; the file is made here).
 */
export const saveTextFile = (filename: string, text: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it is released once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
