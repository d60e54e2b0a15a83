import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '#functions/core/http/client-address';
import { REGISTRATION_REDIRECT_MS } from '#shared/domain/limits';

export const baseUrl = (): string => inject('apiUrl');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });

/** A random address per browser context (RFC 2544's benchmarking range): a visitor of its own. */
const newVisitorAddress = () => {
  const [a, b] = randomBytes(2);
  return `198.18.${a}.${b}`;
};

/** A new browser context, its own visitor, and a page in it. */
export const newPage = async (
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    extraHTTPHeaders: { [VIEWER_ADDRESS_HEADER]: newVisitorAddress() },
  });
  const page = await context.newPage();
  return { context, page };
};

/** Screenshots land in screenshots/ (git-ignored) for a person to look at. */
export const screenshot = async (page: Page, name: string) => {
  const dir = path.resolve('screenshots');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

/** The newest message the sandbox sent to an address (the dev inbox's JSON view). */
export const latestMessage = async (
  to: string,
): Promise<{ subject?: string; text: string } | undefined> => {
  const response = await fetch(`${baseUrl()}/_sandbox/api/messages?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as {
    messages: { subject?: string; text: string }[];
  };
  return messages[0];
};

/**
 * How long a new account may take to land on the dashboard: the spec's pause after registering,
 * and room for a password hash and a lazy screen on a busy 2-core CI machine.
 */
export const AFTER_REGISTRATION = { timeout: REGISTRATION_REDIRECT_MS + 20_000 };
