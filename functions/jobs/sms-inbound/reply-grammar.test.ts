import { describe, expect, it } from 'vitest';
import { parseSmsReply } from './reply-grammar';

const cases = (rows: [string, ReturnType<typeof parseSmsReply>][]) =>
  it.each(rows)('%j', (body, expected) => expect(parseSmsReply(body)).toEqual(expected));

describe('parseSmsReply', () => {
  describe('YES approves every draft of the newest text', () => {
    cases([
      ['YES', { kind: 'approve-all' }],
      ['yes', { kind: 'approve-all' }],
      ['Yes!', { kind: 'approve-all' }],
      ['  y  ', { kind: 'approve-all' }],
      ['Y.', { kind: 'approve-all' }],
      ['approve', { kind: 'approve-all' }],
      ['"YES"', { kind: 'approve-all' }],
    ]);
  });

  describe('a number and YES or NO acts on one draft', () => {
    cases([
      ['2 YES', { kind: 'approve', number: 2 }],
      ['2yes', { kind: 'approve', number: 2 }],
      ['2 y', { kind: 'approve', number: 2 }],
      ['#2 Yes!', { kind: 'approve', number: 2 }],
      ['2. yes', { kind: 'approve', number: 2 }],
      ['YES 2', { kind: 'approve', number: 2 }],
      ['12 YES', { kind: 'approve', number: 12 }],
      [' 2  no ', { kind: 'reject', number: 2 }],
      ['2NO', { kind: 'reject', number: 2 }],
      ['2 n', { kind: 'reject', number: 2 }],
      ['3 reject', { kind: 'reject', number: 3 }],
      ['No 1.', { kind: 'reject', number: 1 }],
    ]);
  });

  describe('a number and any other text asks for a revision, the text as typed', () => {
    cases([
      ['2 make it shorter', { kind: 'revise', number: 2, feedback: 'make it shorter' }],
      ['1 Make it shorter!', { kind: 'revise', number: 1, feedback: 'Make it shorter!' }],
      ['2make it punchier', { kind: 'revise', number: 2, feedback: 'make it punchier' }],
      [
        '#3: mention the oat latte',
        { kind: 'revise', number: 3, feedback: 'mention the oat latte' },
      ],
      ['2) less formal', { kind: 'revise', number: 2, feedback: 'less formal' }],
      ['2 yes but shorter', { kind: 'revise', number: 2, feedback: 'yes but shorter' }],
      ['1 stop using emojis', { kind: 'revise', number: 1, feedback: 'stop using emojis' }],
      [
        '2 Say "50% off"\nand add #coffee',
        { kind: 'revise', number: 2, feedback: 'Say "50% off"\nand add #coffee' },
      ],
    ]);
  });

  describe('RETRY and SKIP answer a failure text', () => {
    cases([
      ['RETRY 2', { kind: 'retry', number: 2 }],
      ['retry2', { kind: 'retry', number: 2 }],
      ['Retry #2', { kind: 'retry', number: 2 }],
      ['2 retry', { kind: 'retry', number: 2 }],
      ['SKIP 1', { kind: 'skip', number: 1 }],
      ['skip 1!', { kind: 'skip', number: 1 }],
    ]);
  });

  describe('the carriers’ keywords, the whole message only', () => {
    cases([
      ['STOP', { kind: 'stop' }],
      ['stop', { kind: 'stop' }],
      ['Stop.', { kind: 'stop' }],
      ['STOPALL', { kind: 'stop' }],
      ['unsubscribe', { kind: 'stop' }],
      ['CANCEL', { kind: 'stop' }],
      ['end', { kind: 'stop' }],
      ['Quit', { kind: 'stop' }],
      ['START', { kind: 'start' }],
      ['unstop', { kind: 'start' }],
      ['HELP', { kind: 'help' }],
      ['help?', { kind: 'help' }],
      ['info', { kind: 'help' }],
    ]);
  });

  describe('a number is digits only: a sign, a decimal or an exponent makes it no number', () => {
    cases([
      ['-1 YES', { kind: 'not-understood' }],
      ['+1 YES', { kind: 'not-understood' }],
      ['−1 YES', { kind: 'not-understood' }],
      ['#-1 YES', { kind: 'not-understood' }],
      ['- 1 YES', { kind: 'approve', number: 1 }],
      ['1e3 YES', { kind: 'not-understood' }],
      ['1E3 yes', { kind: 'not-understood' }],
      ['0x1 YES', { kind: 'not-understood' }],
      ['1.5 YES', { kind: 'not-understood' }],
      ['1,000 YES', { kind: 'not-understood' }],
      ['2-3 YES', { kind: 'not-understood' }],
      ['2/3 YES', { kind: 'not-understood' }],
      ['1e3 make it shorter', { kind: 'not-understood' }],
      ['-2 make it shorter', { kind: 'not-understood' }],
      ['YES -2', { kind: 'not-understood' }],
      ['YES 2.5', { kind: 'not-understood' }],
      ['RETRY -2', { kind: 'not-understood' }],
      ['skip 1e1', { kind: 'not-understood' }],
      ['No -1', { kind: 'not-understood' }],
      // Punctuation around a number is still forgiven.
      ['2. yes', { kind: 'approve', number: 2 }],
      ['2.yes', { kind: 'approve', number: 2 }],
      ['2-yes', { kind: 'approve', number: 2 }],
      ['retry-2', { kind: 'retry', number: 2 }],
      ['2 - make it shorter', { kind: 'revise', number: 2, feedback: 'make it shorter' }],
      ['2 -10% off, say it', { kind: 'revise', number: 2, feedback: '-10% off, say it' }],
    ]);
  });

  describe('control characters are taken out before the reply is read', () => {
    cases([
      ['\u0000YES', { kind: 'approve-all' }],
      ['YES\u0000', { kind: 'approve-all' }],
      ['Y\u0007ES', { kind: 'approve-all' }],
      ['\u001b2 YES', { kind: 'approve', number: 2 }],
      ['2\u0000 NO', { kind: 'reject', number: 2 }],
      ['ST\u0085OP', { kind: 'stop' }],
      [
        '2 make it\u0000 shorter\nand warmer',
        { kind: 'revise', number: 2, feedback: 'make it shorter\nand warmer' },
      ],
      [
        '2 make it shorter\r\nand warmer',
        { kind: 'revise', number: 2, feedback: 'make it shorter\nand warmer' },
      ],
      ['\u0000', { kind: 'not-understood' }],
      ['1\u0000e3 YES', { kind: 'not-understood' }],
    ]);
  });

  describe('anything else is not understood', () => {
    cases([
      ['', { kind: 'not-understood' }],
      ['   ', { kind: 'not-understood' }],
      ['ok', { kind: 'not-understood' }],
      ['OK!', { kind: 'not-understood' }],
      ['sure', { kind: 'not-understood' }],
      ['👍', { kind: 'not-understood' }],
      ['NO', { kind: 'not-understood' }],
      ['2', { kind: 'not-understood' }],
      ['2 !!', { kind: 'not-understood' }],
      ['RETRY', { kind: 'not-understood' }],
      ['SKIP', { kind: 'not-understood' }],
      ['stop it', { kind: 'not-understood' }],
      ['please help', { kind: 'not-understood' }],
      ['123456', { kind: 'not-understood' }],
      ['hello there', { kind: 'not-understood' }],
      ['yes yes', { kind: 'not-understood' }],
    ]);
  });
});
