import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Alias, type Plugin, type Rollup } from 'vite';
import type * as RenderPageModule from '../src/app/render-page';
import type { RenderedPage } from '../src/app/render-page';
import { STORAGE_KEYS } from '../../shared/domain/limits';
import { HYDRATED, PENDING_CLICK, TYPED } from '../src/app/prerender-handoff';
import { HOME_PATH, RETURN_PARAM } from '../src/lib/navigation';
import { CSP_MANIFEST, sha256Source, type CspManifest } from './content-security-policy';

/**
 * Pages rendered into index.html at build time; each is hydrated where it is shown. /dashboard
 * renders as its signed-in shell (the frame and header painted while the session loads).
 */
const PRERENDERED_PATHS = ['/', '/login', '/register', '/dashboard'];

/**
 * The screens whose code the hydration (or first render) of these paths waits for. The browser
 * fetches them beside the app's own code, instead of after the app has arrived and run. The
 * modules are checked against the build: a moved screen fails the build, not the speed.
 */
const FIRST_SCREENS: Record<string, string[]> = {
  '/': ['src/features/marketing/landing-page.tsx'],
  '/login': ['src/features/auth/login-page.tsx'],
  '/register': ['src/features/auth/register-page.tsx'],
  '/dashboard': ['src/app/protected-route.tsx', 'src/features/dashboard/dashboard-page.tsx'],
};

/**
 * Where the app sends a signed-out visitor of a signed-in page (RequireSession): /login, with the
 * page in ?next= to come back to after signing in (lib/navigation.ts, loginPathReturningTo; the
 * dashboard is left out, sign-in goes there anyway). The login page checks ?next= again.
 */
const SIGN_IN_PATH = '/login';

/** The stored session's token (lib/session-storage.ts), in either store. */
const TOKEN_KEY = STORAGE_KEYS.token;

type App = typeof RenderPageModule;

/** Runs `work` with the app's modules loaded by Vite's SSR loader (aliases, TSX) in Node. */
const withApp = async <T>(root: string, alias: Alias[], work: (app: App) => Promise<T>) => {
  const server = await createServer({
    configFile: false,
    root,
    resolve: { alias },
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await work(
      (await server.ssrLoadModule(path.join(root, 'src/app/render-page.tsx'))) as App,
    );
  } finally {
    await server.close();
  }
};

type OutputChunk = Rollup.OutputChunk;

/** '<title>Log in · Sailpost</title>' → 'Log in · Sailpost' (already escaped for HTML). */
const titleText = (title: string) =>
  title.replace(/^<title>|<\/title>$/g, '').replace(/"/g, '&quot;');

/** The files a screen's module needs beyond the entry: its chunk and that chunk's static imports. */
const screenFiles = (bundle: Rollup.OutputBundle, root: string, module: string): string[] => {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const screen = chunks.find((chunk) => chunk.facadeModuleId === path.join(root, module));
  if (!screen) throw new Error(`No chunk for ${module}: update FIRST_SCREENS`);
  const files: string[] = [];
  const visit = (fileName: string) => {
    if (loaded.has(fileName) || files.includes(fileName)) return;
    files.push(fileName);
    for (const imported of (bundle[fileName] as OutputChunk).imports) visit(imported);
  };
  visit(screen.fileName);
  return files;
};

/** '/dashboard/company/:companyId' → a regular expression source matching such paths. */
const patternSource = (pattern: string) =>
  pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');

/**
 * In the head, before anything paints: a signed-out visitor of a signed-in page is sent to the
 * sign-in page as the app would (the URL replaced, no round trip). The path's first screen starts
 * downloading beside the app itself (main.tsx): at once where nothing is prerendered, and once the
 * page has painted where it is, since on a slow link an earlier download only competes with it.
 */
const headScript = (screens: Record<string, string[]>, signedIn: string[], painted: string[]) =>
  `(function(){var p=location.pathname.replace(/\\/+$/,'')||'/',s=${JSON.stringify(screens)};` +
  `try{if(new RegExp(${JSON.stringify(`^(?:${signedIn.map(patternSource).join('|')})$`)}).test(p)&&!localStorage.getItem('${TOKEN_KEY}')&&!sessionStorage.getItem('${TOKEN_KEY}')){var n=p==='${HOME_PATH}'?'':'?${RETURN_PARAM}='+encodeURIComponent(location.pathname+location.search+location.hash);history.replaceState(null,'','${SIGN_IN_PATH}'+n);p='${SIGN_IN_PATH}'}}catch(e){}` +
  // One link per task: a chunk already downloaded is compiled as its link is added, and adding
  // them all at once made one long task of every compile (~400 ms on a throttled phone).
  `function f(){var q=(s[p]||[]).slice();(function n(){var h=q.shift();if(!h)return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);setTimeout(n,0)})()}` +
  `if(document.visibilityState==='hidden'||${JSON.stringify(painted)}.indexOf(p)<0)f();else requestAnimationFrame(function(){setTimeout(f,0)})})()`;

/**
 * After #root: puts the path's prerendered page into it (templates are never painted). Its forms
 * must not submit the browser's way before the app has taken them over: that would put what was
 * typed, the password too, into the URL. The app's forms all submit through their handlers.
 * What is typed and a button pressed before the app has taken over (on a slow phone) are
 * remembered, and start-app.tsx puts them back once the page is hydrated (prerender-handoff.ts).
 */
const bodyScript =
  `(function(){var p=location.pathname.replace(/\\/+$/,'')||'/',r=document.getElementById('root'),` +
  `t=document.querySelector('template[data-page="'+p+'"]');if(t){r.appendChild(t.content);r.setAttribute('data-prerendered',p);document.title=t.getAttribute('data-title');` +
  `r.addEventListener('submit',function(e){e.preventDefault()},true);` +
  `r.addEventListener('click',function(e){var b=!r.${HYDRATED}&&e.target.closest&&e.target.closest('button');if(b)r.${PENDING_CLICK}=b},true);` +
  `r.addEventListener('input',function(e){var t=e.target;if(!r.${HYDRATED}&&/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))(r.${TYPED}||(r.${TYPED}=new Map)).set(t,t.type==='checkbox'||t.type==='radio'?t.checked:t.value)},true)}})()`;

/**
 * Makes the first paint independent of the app's code. The public pages' HTML goes into the built
 * index.html (one template each; the one for the path moves into #root before anything paints, and
 * start-app.tsx hydrates it), the styles are inlined (one request less before anything shows), and
 * each important path fetches its first screen from the start. Builds only: the dev server renders
 * in the browser.
 */
export const firstPaint = (): Plugin => {
  let root = '';
  let base = '/';
  let alias: Alias[] = [];
  return {
    name: 'sailpost:first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      alias = config.resolve.alias;
    },
    /**
     * The Content-Security-Policy allows inline scripts only by hash: hash each one of the
     * index.html as written, so the policy always matches what ships.
     */
    writeBundle(options) {
      const dir = options.dir ?? path.join(root, 'dist');
      const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (match) => match[1]!,
      );
      const manifest: CspManifest = { scriptHashes: inline.map(sha256Source) };
      writeFileSync(path.join(dir, CSP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (html, { bundle }) => {
        if (!bundle) throw new Error('Pages are rendered at build time only');
        if (!html.includes('<div id="root"></div>'))
          throw new Error('index.html has no empty #root');
        const { pages, signedIn } = await withApp(root, alias, async (app) => ({
          pages: await Promise.all(
            PRERENDERED_PATHS.map(async (page): Promise<[string, RenderedPage]> => [
              page,
              await app.renderPage(page),
            ]),
          ),
          signedIn: app.signedInPaths(),
        }));
        const screens = Object.fromEntries(
          Object.entries(FIRST_SCREENS).map(([page, modules]) => [
            page,
            [...new Set(modules.flatMap((module) => screenFiles(bundle, root, module)))].map(
              (f) => base + f,
            ),
          ]),
        );
        const templates = pages
          .map(
            ([page, { title, markup }]) =>
              `<template data-page="${page}" data-title="${titleText(title)}">${markup}</template>`,
          )
          .join('');
        const landingTitle = pages.find(([page]) => page === '/')![1].title;
        return html
          .replace(
            '<div id="root"></div>',
            () => `<div id="root"></div>${templates}<script>${bodyScript}</script>`,
          )
          .replace(
            /<title>.*?<\/title>/,
            () =>
              `${landingTitle}\n    <script>${headScript(screens, signedIn, PRERENDERED_PATHS)}</script>`,
          )
          .replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
            const asset = bundle[href.slice(base.length)];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          });
      },
    },
  };
};
