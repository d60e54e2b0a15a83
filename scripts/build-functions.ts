import { bundleAllGroups, bundleAllJobs } from './bundle-functions';

/**
 * `npm run build:functions`: every Lambda bundle, endpoint groups into
 * dist/functions/<group>/index.mjs and jobs into dist/functions/jobs/<job>/index.mjs.
 */
const sizes = [
  ...(await bundleAllGroups()).map(({ group, bytes }) => ({ name: group, bytes })),
  ...(await bundleAllJobs()).map(({ job, bytes }) => ({ name: `jobs/${job}`, bytes })),
];
for (const { name, bytes } of sizes) {
  console.log(`${name.padEnd(22)} ${(bytes / 1024).toFixed(1).padStart(8)} KB minified`);
}
