import { GA4_COLLECT_PATH, GA4_SCRIPT_PATH } from '#shared/domain/analytics';

/**
 * The GA4 stand-in's tag, served instead of gtag.js for the sandbox's fake measurement id. It
 * reads the page's gtag commands as gtag.js does (from `dataLayer`, then every later push):
 * `consent` default/update, `set`, `config` (a page_view unless `send_page_view: false`) and
 * `event`; and sends each event in gtag.js's collect shape to the stand-in on this origin:
 * `v=2&tid&cid&gcs&dl&dt&en&ep.<name>&epn.<number>`. As gtag.js does, it sets the `_ga` cookie
 * only with analytics_storage granted, and takes the page's address and title from the document
 * unless the page set its own — so a leak in the app shows in the stand-in too.
 */
export const ANALYTICS_TAG_SCRIPT = `(function () {
  'use strict';
  var source = new URL(document.currentScript.src);
  var base = source.pathname.slice(0, -${GA4_SCRIPT_PATH.length});
  var tid = source.searchParams.get('id');
  var consent = { ad_storage: 'granted', analytics_storage: 'granted' };
  var page = {};
  var pageClientId;
  var random = function () {
    return Math.floor(Math.random() * 2147483647) + '.' + Math.floor(Date.now() / 1000);
  };
  var clientId = function () {
    if (consent.analytics_storage !== 'granted') return pageClientId || (pageClientId = random());
    var found = /(?:^|; )_ga=GA1\\.1\\.(\\d+\\.\\d+)/.exec(document.cookie);
    if (found) return found[1];
    var fresh = random();
    document.cookie = '_ga=GA1.1.' + fresh + '; max-age=63072000; path=/; samesite=lax';
    return fresh;
  };
  var bit = function (type) { return consent[type] === 'granted' ? '1' : '0'; };
  var send = function (name, params) {
    params = params || {};
    var query = new URLSearchParams({
      v: '2',
      tid: tid,
      cid: clientId(),
      gcs: 'G1' + bit('ad_storage') + bit('analytics_storage'),
      dl: params.page_location || page.page_location || location.href,
      dt: params.page_title || page.page_title || document.title,
      en: name
    });
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      if (key === 'page_location' || key === 'page_title' || value == null) return;
      query.set((typeof value === 'number' ? 'epn.' : 'ep.') + key, String(value));
    });
    navigator.sendBeacon(base + ${JSON.stringify(GA4_COLLECT_PATH)} + '?' + query.toString());
  };
  var run = function (command) {
    var kind = command[0];
    if (kind === 'consent') Object.assign(consent, command[2]);
    else if (kind === 'set') Object.assign(page, command[1]);
    else if (kind === 'config') {
      var settings = command[2] || {};
      if (settings.page_location) page.page_location = settings.page_location;
      if (settings.page_title) page.page_title = settings.page_title;
      if (settings.send_page_view !== false) send('page_view', {});
    } else if (kind === 'event') send(command[1], command[2]);
  };
  var layer = (window.dataLayer = window.dataLayer || []);
  layer.forEach(run);
  var push = layer.push;
  layer.push = function () {
    Array.prototype.forEach.call(arguments, run);
    return push.apply(layer, arguments);
  };
})();
`;
