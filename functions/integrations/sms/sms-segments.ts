/**
 * How many SMS a text costs. A message is sent in GSM-7 when every character is in the GSM 03.38
 * alphabet, otherwise all of it in UCS-2 — one emoji or curly quote changes the whole message.
 * Alone, a message holds 160 GSM-7 septets or 70 UCS-2 units; a longer one is split into segments
 * of 153 or 67 (the rest of each carries the header that joins them), and carriers bill each
 * segment. A character is never split across two segments: an extension character (its escape
 * and itself) or a surrogate pair that does not fit moves whole to the next one.
 */

export type SmsEncoding = 'gsm-7' | 'ucs-2';

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Sent as the escape septet and the character: two septets each. */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

const LIMITS: Record<SmsEncoding, { single: number; segment: number }> = {
  'gsm-7': { single: 160, segment: 153 },
  'ucs-2': { single: 70, segment: 67 },
};

const unitsOf = (character: string, encoding: SmsEncoding): number =>
  encoding === 'gsm-7' ? (GSM_EXTENSION.has(character) ? 2 : 1) : character.length;

export const smsSegments = (text: string): SmsSize => {
  const characters = [...text];
  const encoding: SmsEncoding = characters.every(
    (character) => GSM_BASIC.has(character) || GSM_EXTENSION.has(character),
  )
    ? 'gsm-7'
    : 'ucs-2';
  const sizes = characters.map((character) => unitsOf(character, encoding));
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const { single, segment } = LIMITS[encoding];
  if (units <= single) return { encoding, units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > segment) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments };
};
