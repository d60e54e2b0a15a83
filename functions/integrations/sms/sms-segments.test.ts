import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments';

describe('smsSegments', () => {
  it('GSM-7: one segment holds 160 characters; concatenated, 153 each', () => {
    expect(smsSegments('')).toEqual({ encoding: 'gsm-7', units: 0, segments: 1 });
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the basic table as one septet, new lines and accented letters included', () => {
    expect(smsSegments('Café déjà vu?\n@£$¥ ÄÖÑÜ §¿ ΔΦ')).toMatchObject({
      encoding: 'gsm-7',
      units: 29,
    });
  });

  it('counts the extension table (€ [ ] { } ~ ^ | \\) as two septets, never split across segments', () => {
    expect(smsSegments('€')).toEqual({ encoding: 'gsm-7', units: 2, segments: 1 });
    expect(smsSegments('{a}|[b]~^\\').units).toBe(18);
    // 152 plain characters, then a € that cannot start in the first segment's last septet.
    expect(smsSegments(`${'a'.repeat(152)}€${'b'.repeat(152)}`)).toMatchObject({
      units: 306,
      segments: 3,
    });
    expect(smsSegments(`${'a'.repeat(151)}€${'b'.repeat(152)}`).segments).toBe(2);
  });

  it('one character outside GSM-7 makes the whole message UCS-2: 70, then 67 a segment', () => {
    expect(smsSegments(`${'a'.repeat(69)}é`).encoding).toBe('gsm-7');
    expect(smsSegments(`${'a'.repeat(69)}ł`)).toEqual({
      encoding: 'ucs-2',
      units: 70,
      segments: 1,
    });
    expect(smsSegments(`${'a'.repeat(70)}ł`).segments).toBe(2);
    expect(smsSegments(`${'a'.repeat(133)}ł`).segments).toBe(2);
    expect(smsSegments(`${'a'.repeat(134)}ł`).segments).toBe(3);
    // Curly quotes and the ellipsis are not GSM-7.
    expect(smsSegments('“quoted”').encoding).toBe('ucs-2');
    expect(smsSegments('and so…').encoding).toBe('ucs-2');
  });

  it('counts an emoji outside the BMP as two UCS-2 units, never split across segments', () => {
    expect(smsSegments('☕')).toEqual({ encoding: 'ucs-2', units: 1, segments: 1 });
    expect(smsSegments('🥐')).toEqual({ encoding: 'ucs-2', units: 2, segments: 1 });
    // 66 units, then a croissant that would straddle the first segment's end.
    expect(smsSegments(`${'a'.repeat(66)}🥐${'b'.repeat(66)}`)).toMatchObject({
      units: 134,
      segments: 3,
    });
    expect(smsSegments(`${'a'.repeat(65)}🥐${'b'.repeat(66)}`).segments).toBe(2);
  });
});
