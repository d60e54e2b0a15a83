/**
 * A file's own name travels with its upload as S3 object metadata, which holds ASCII only and at
 * most 2 KB in all: the name is URI-encoded and cut (by whole characters) to a share of that.
 */

/** The file name's share of S3's 2 KB of user metadata, once URI-encoded. */
const FILE_NAME_METADATA_MAX = 1024;

/** The file's name as S3 metadata holds it: URI-encoded, cut to fit. */
export const encodeFileName = (fileName: string): string => {
  let name = fileName;
  while (encodeURIComponent(name).length > FILE_NAME_METADATA_MAX) {
    name = [...name].slice(0, -1).join('');
  }
  return encodeURIComponent(name);
};

/** The name metadata holds, or `fallback` when there is none or it does not decode. */
export const decodeFileName = (encoded: string | undefined, fallback: string): string => {
  if (!encoded) return fallback;
  try {
    return decodeURIComponent(encoded) || fallback;
  } catch {
    return fallback;
  }
};
