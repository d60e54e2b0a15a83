import { describe, expect, it } from 'vitest';
import { escapeLittleText, unescapeLittleText } from './little-text';

describe("LinkedIn's little text format", () => {
  it('backslash-escapes every reserved character and nothing else', () => {
    expect(escapeLittleText('a\\b|c{d}e@f[g]h(i)j<k>l#m*n_o~p')).toBe(
      'a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\#m\\*n\\_o\\~p',
    );
    expect(escapeLittleText('Plain text, 100% fine: "quotes" & émoji 🎉!')).toBe(
      'Plain text, 100% fine: "quotes" & émoji 🎉!',
    );
  });

  it('comes back as the text it was made from', () => {
    for (const text of [
      'Fresh beans @harbor #coffee (today only) <3 ~50% off *wow* _new_ [sic] {x|y} \\o/',
      '\\\\#',
      '',
    ]) {
      expect(unescapeLittleText(escapeLittleText(text))).toBe(text);
    }
  });
});
