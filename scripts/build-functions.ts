import { bundleAllGroups } from './bundle-functions';

/** `npm run build:functions`: every Lambda bundle into dist/functions/<group>/index.mjs. */
const results = await bundleAllGroups();
for (const { group, bytes } of results) {
  console.log(`${group.padEnd(12)} ${(bytes / 1024).toFixed(1).padStart(8)} KB minified`);
}
