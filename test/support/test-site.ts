import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small company website for the tests: what "Fill from website" reads. */
export const HARBOR_COFFEE = `<!doctype html><html><head>
<title>Harbor Coffee | Small-batch roasters in Portland</title>
<meta name="description" content="Harbor Coffee roasts small batches of single-origin beans in Portland &amp; ships them fresh.">
<meta property="og:site_name" content="Harbor Coffee">
<meta name="theme-color" content="#0B5FFF">
<style>.btn{background:#E4572E;color:#fff}.hero{border-color:#e4572e}.muted{color:#777777}</style>
<script>var tracking = "<p>not copy</p>";</script>
</head><body>
<nav><ul><li>Home and everything else in the navigation</li></ul></nav>
<h1>Coffee worth waking up for!</h1>
<p>We roast every bean ourselves, in small batches, right here in our neighbourhood.</p>
<p>Your order ships the day it is roasted, so you taste it at its best. Come say hi at the bar!</p>
<ul><li>Family-run since 2012 and proud of our local community.</li></ul>
<footer><p>Copyright Harbor Coffee, all rights reserved forever and ever.</p></footer>
</body></html>`;

export interface TestSite {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves the test company's website on 127.0.0.1. The website reader refuses private addresses,
 * so the tests allow exactly this origin through FETCH_ALLOW_ORIGINS; `/to-private` redirects to
 * another local port that is not allowed, to prove redirects are checked too.
 */
export const startTestSite = async (): Promise<TestSite> => {
  const server: Server = createServer((req, res) => {
    if (req.url === '/to-private') {
      const port = (server.address() as AddressInfo).port;
      res.writeHead(302, { location: `http://127.0.0.1:${port + 1}/` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HARBOR_COFFEE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
