/**
 * Puts every existing company on the morning roster (companies made before it existed are not on
 * it, so the hourly daily-drafts run would not find them). Safe to run again.
 *
 *   TABLE_NAME=sailpost-<stage> AWS_REGION=… npx tsx scripts/backfill-morning-roster.ts
 *   (the sandbox: TABLE_NAME=sailpost-sandbox DYNAMODB_ENDPOINT=http://127.0.0.1:8000)
 */
import { backfillMorningRoster } from '#functions/core/companies/morning-roster';

const placed = await backfillMorningRoster();
console.log(`${placed} companies on the morning roster.`);
