/** Names IANA gives to UTC itself; an owner reads each of them as plain "UTC". */
const UTC_NAMES = new Set([
  'UTC',
  'UCT',
  'GMT',
  'Universal',
  'Zulu',
  'Greenwich',
  'Etc/UTC',
  'Etc/UCT',
  'Etc/GMT',
  'Etc/GMT0',
  'Etc/GMT+0',
  'Etc/GMT-0',
  'Etc/Universal',
  'Etc/Zulu',
  'Etc/Greenwich',
]);

/**
 * A time zone as every screen, text and message names it: the zone's city with "time" —
 * "America/Los_Angeles" is "Los Angeles time", "America/Argentina/Buenos_Aires" "Buenos Aires
 * time" — and UTC plainly "UTC". Owners know their city, not the database's identifiers.
 */
export const zoneName = (timeZone: string): string => {
  if (UTC_NAMES.has(timeZone)) return 'UTC';
  // Etc/GMT+5 is five hours behind UTC (the POSIX sign): say it as the clock reads it.
  const fixed = /^Etc\/GMT([+-])(\d{1,2})$/.exec(timeZone);
  if (fixed) return `UTC${fixed[1] === '+' ? '−' : '+'}${fixed[2]}`;
  const city = (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  return `${city} time`;
};
