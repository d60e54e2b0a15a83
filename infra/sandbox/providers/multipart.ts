/**
 * The parts of a `multipart/form-data` body, as bytes. X's media upload sends each chunk that way
 * (a `media` part without a file name), and the platform's own parser (`Response.formData()`)
 * decodes such a part as UTF-8 text, which would break the image; so the stand-in reads the parts
 * itself.
 */
export interface Part {
  name: string;
  contentType?: string;
  data: Buffer;
}

const boundaryOf = (contentType: string | undefined): string | undefined =>
  /boundary=(?:"([^"]+)"|([^;]+))/i
    .exec(contentType ?? '')
    ?.slice(1)
    .find(Boolean);

const HEADER_END = Buffer.from('\r\n\r\n');

/** The parts, or undefined when the body is not multipart/form-data. */
export const multipartParts = (
  contentType: string | undefined,
  body: Buffer,
): Part[] | undefined => {
  const boundary = boundaryOf(contentType);
  if (!contentType?.toLowerCase().startsWith('multipart/form-data') || !boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    // `--boundary--` closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    // Each part: CRLF, headers, a blank line, the data, CRLF before the next delimiter.
    const part = body.subarray(afterDelimiter + 2, next - 2);
    const headerEnd = part.indexOf(HEADER_END);
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
      const partType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
      if (name !== undefined) {
        parts.push({
          name,
          ...(partType ? { contentType: partType } : {}),
          data: part.subarray(headerEnd + HEADER_END.length),
        });
      }
    }
    start = next;
  }
  return parts;
};
