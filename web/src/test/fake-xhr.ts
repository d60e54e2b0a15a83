import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (jsdom's would try the network): each request the app opens is
 * kept, and the test decides how it goes: progress, S3's answer, a network failure.
 */
export class FakeXhr extends EventTarget {
  static requests: FakeXhr[] = [];

  readonly upload = new EventTarget();
  method = '';
  url = '';
  body: XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.requests.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: XMLHttpRequestBodyInit | null = null) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    const event = new ProgressEvent('progress', { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }

  /** S3 answers (204 is its success without a body). */
  respond(status = 204, responseText = '') {
    this.status = status;
    this.responseText = responseText;
    this.dispatchEvent(new Event('load'));
  }

  /** No answer: offline, blocked by CORS or the policy. */
  failNetwork() {
    this.dispatchEvent(new Event('error'));
  }

  /** The form fields the request carried, in order, the file as its name. */
  formEntries(): [string, string][] {
    if (!(this.body instanceof FormData)) return [];
    return [...this.body.entries()].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : `file:${value.name}`,
    ]);
  }
}

/** Replaces XMLHttpRequest for the test (restored by the setup's unstubAllGlobals). */
export const installFakeXhr = () => {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.requests;
};
