import { fileURLToPath } from 'node:url';

/** The repository root, independent of the working directory the CLI or the tests run in. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

/** The built SPA that the web stack deploys (the deploy script runs `npm run build` first). */
export const WEB_DIST_DIR = `${REPO_ROOT}/web/dist`;
