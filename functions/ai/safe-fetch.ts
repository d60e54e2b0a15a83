import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { INVALID_WEBSITE_MESSAGE, PRIVATE_WEBSITE_MESSAGE } from '#shared/contract/companies';
import type { ErrorCode } from '#shared/contract/errors';
import { Invalid } from '../core/errors';

/**
 * Fetches a web page on a user's behalf without letting the user aim the server at anything
 * private: http(s) only; every address the name resolves to must be public unicast (checked in
 * the socket's own DNS lookup, so the checked address is the one connected to — no rebinding),
 * again on every redirect; 5-second budget for the whole exchange; at most 1 MB of (decompressed)
 * body is read.
 */
interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Origins exempt from the address check — for the tests' local sites only, never set in AWS. */
  allowOrigins?: readonly string[];
}

interface FetchedPage {
  url: string;
  html: string;
  truncated: boolean;
}

/** Why the website could not be read, said on the form's website field. */
class WebsiteError extends Invalid {
  constructor(code: ErrorCode, message: string) {
    super(code, message, { website: message });
  }
}

export const WEBSITE_ERROR_PAGE =
  "The website didn't show its page. Check the address, or try again later.";

const invalidAddress = () => new WebsiteError('WEBSITE_INVALID', INVALID_WEBSITE_MESSAGE);
const unreadable = (message: string) => new WebsiteError('WEBSITE_UNREADABLE', message);

/**
 * `::/96`, the deprecated IPv4-compatible IPv6 addresses (`::7f00:1` is 127.0.0.1 to a stack that
 * still maps them): ipaddr.js calls them unicast, so they are refused by prefix.
 */
const isIpv4Compatible = (address: ipaddr.IPv6): boolean =>
  address.parts.slice(0, 6).every((part) => part === 0);

/**
 * An IPv6 address as the WHATWG URL parser (and so the socket) reads it. ipaddr.js reads
 * `::8.8.8.8` as `::ffff:8.8.8.8`, which would hide an IPv4-compatible address as a mapped one;
 * the URL parser keeps it `::808:808`. Anything it cannot read (a zone id) is not public.
 */
const canonicalIpv6 = (address: string): string | undefined => {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
};

/** Public unicast only: no loopback, private, link-local, unique-local, CGNAT, multicast or reserved. */
export const isPublicAddress = (candidate: string): boolean => {
  const address = candidate.includes(':') ? canonicalIpv6(candidate) : candidate;
  if (address === undefined || !ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const ipv6 = parsed as ipaddr.IPv6;
    if (ipv6.isIPv4MappedAddress()) parsed = ipv6.toIPv4Address();
    else if (isIpv4Compatible(ipv6)) return false;
  }
  return parsed.range() === 'unicast';
};

class BlockedAddressError extends Error {}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(
    hostname,
    { all: true, family: options.family ?? 0 },
    (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (!addresses.length || addresses.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new BlockedAddressError(hostname), '', 4);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    },
  );
};

const parseWebsiteUrl = (raw: string): URL => {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(raw.trim()) ? raw.trim() : `https://${raw.trim()}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw invalidAddress();
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !url.hostname ||
    url.username ||
    url.password
  ) {
    throw invalidAddress();
  }
  return url;
};

const decoded = (response: IncomingMessage): NodeJS.ReadableStream => {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
      return response.pipe(createGunzip());
    case 'deflate':
      return response.pipe(createInflate());
    case 'br':
      return response.pipe(createBrotliDecompress());
    default:
      return response;
  }
};

const getOnce = (url: URL, exempt: boolean, signal: AbortSignal) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (!exempt && isIP(hostname) && !isPublicAddress(hostname)) {
      reject(new BlockedAddressError(hostname));
      return;
    }
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        signal,
        ...(exempt ? {} : { lookup: guardedLookup }),
        headers: {
          'user-agent': 'SailpostBot/1.0 (+https://sailpost.app; company profile drafting)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });

const readCapped = async (response: IncomingMessage, maxBytes: number) => {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const body = decoded(response);
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room));
      size = maxBytes;
      truncated = true;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  response.destroy();
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
};

export const fetchPublicPage = async (
  rawUrl: string,
  options: SafeFetchOptions = {},
): Promise<FetchedPage> => {
  const { timeoutMs = 5000, maxBytes = 1024 * 1024, maxRedirects = 5, allowOrigins = [] } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseWebsiteUrl(rawUrl);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await getOnce(url, allowOrigins.includes(url.origin), signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.destroy();
        if (redirects >= maxRedirects) throw unreadable('The website redirected too many times');
        url = parseWebsiteUrl(new URL(response.headers.location, url).toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        // The status number means nothing to an owner; the address or the site is what to check.
        throw unreadable(WEBSITE_ERROR_PAGE);
      }
      const type = String(response.headers['content-type'] ?? 'text/html');
      if (!/text\/html|application\/xhtml\+xml/i.test(type)) {
        response.destroy();
        throw unreadable('The address does not point to a web page');
      }
      const { text, truncated } = await readCapped(response, maxBytes);
      return { url: url.toString(), html: text, truncated };
    }
  } catch (error) {
    if (error instanceof WebsiteError) throw error;
    if (error instanceof BlockedAddressError) {
      throw new WebsiteError('WEBSITE_PRIVATE', PRIVATE_WEBSITE_MESSAGE);
    }
    if (signal.aborted) throw unreadable('The website took too long to answer');
    throw unreadable('Could not reach the website');
  }
};
