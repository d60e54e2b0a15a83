import { describe, expect, it } from 'vitest';
import type { Company } from '#shared/contract/companies';
import type { PublishedPost } from '#shared/contract/platforms';
import { apiUrl, call, newClientAddress, registerUser, uniqueIdentity } from './http';
import { connectAccount } from './platforms-support';

/**
 * Names (a first name, a company's name) hold only what shows: invisible characters and broken
 * ones are refused with a message that says so, odd spaces become spaces, and emoji sequences
 * (which are held together by invisible joiners and tags) stay whole — in names and in posts.
 */

const direction = (label: string) =>
  `${label} must not contain control characters or text-direction marks`;
const invisible = (label: string) => `${label} must not contain invisible characters`;
const broken = (label: string) =>
  `${label} must not contain unpaired surrogates (broken characters)`;

/**
 * The characters names used to let through, and the words each is refused with. The tests put
 * them inside a name: trimming takes whitespace-like ones (BOM, separators) off its ends.
 */
const REFUSED: [string, string, (label: string) => string][] = [
  ['LEFT-TO-RIGHT MARK', '\u200E', direction],
  ['RIGHT-TO-LEFT MARK', '\u200F', direction],
  ['ARABIC LETTER MARK', '\u061C', direction],
  ['ZERO WIDTH SPACE', '\u200B', invisible],
  ['ZERO WIDTH JOINER', '\u200D', invisible],
  ['LINE SEPARATOR', '\u2028', invisible],
  ['PARAGRAPH SEPARATOR', '\u2029', invisible],
  ['BYTE ORDER MARK', '\uFEFF', invisible],
  ['SOFT HYPHEN', '\u00AD', invisible],
  ['TAG LATIN SMALL LETTER A', '\u{E0061}', invisible],
  ['a lone surrogate', '\uD83D', broken],
];

/** Emoji whose sequences need a joiner or tag characters, and some that need neither. */
const EMOJI = '👩‍💻 🧑🏽‍🚀 🏳️‍🌈 🇺🇸 1️⃣ 👍🏾 🏴󠁧󠁢󠁳󠁣󠁴󠁿';

const newCompany = async (token: string, name: string) =>
  call<Company>('POST', '/companies', { token, body: { name } });

describe('invisible characters in names', () => {
  it.each(REFUSED)('registration refuses a first name with %s', async (_, character, words) => {
    const result = await call('POST', '/auth/register', {
      from: newClientAddress(),
      body: {
        ...uniqueIdentity(),
        password: 'correct-horse-battery',
        firstName: `Ad${character}a`,
        lastName: 'Lovelace',
      },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { firstName: words('First name') },
    });
  });

  it('a profile refuses every one of them, and keeps emoji sequences whole', async () => {
    const { user, token } = await registerUser();
    for (const [name, character, words] of REFUSED) {
      const result = await call('PUT', `/users/${user._id}`, {
        token,
        body: { firstName: `Augu${character}sta`, lastName: `King${character}Noel` },
      });
      expect(result.status, name).toBe(400);
      expect(result.body, name).toMatchObject({
        fields: { firstName: words('First name'), lastName: words('Last name') },
      });
    }
    expect((await call('GET', '/auth/me', { token })).body).toMatchObject({ firstName: 'Ada' });

    const updated = await call('PUT', `/users/${user._id}`, {
      token,
      body: { firstName: `Ada ${EMOJI}`, lastName: 'King\u00A0Noel' },
    });
    expect(updated.status).toBe(200);
    // A no-break space is a space like any other.
    expect((await call('GET', '/auth/me', { token })).body).toMatchObject({
      firstName: `Ada ${EMOJI}`,
      lastName: 'King Noel',
    });
  });

  it('a company refuses them in its name, on creation and on change', async () => {
    const { token } = await registerUser();
    for (const [name, character, words] of REFUSED) {
      const result = await newCompany(token, `Harbor${character}Coffee`);
      expect(result.status, name).toBe(400);
      expect(result.body, name).toMatchObject({ fields: { name: words('Company name') } });
    }
    const created = await newCompany(token, `Harbor\u3000Coffee ${EMOJI}`);
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(`Harbor Coffee ${EMOJI}`);

    const [, character, words] = REFUSED.find(([name]) => name === 'ZERO WIDTH SPACE')!;
    const changed = await call('PUT', `/companies/${created.body._id}`, {
      token,
      body: { name: `Harbor${character}Coffee` },
    });
    expect(changed.body).toMatchObject({ fields: { name: words('Company name') } });
    const read = await call<Company>('GET', `/companies/${created.body._id}`, { token });
    expect(read.body.name).toBe(`Harbor Coffee ${EMOJI}`);
  });
});

describe('invisible characters in posts', () => {
  it('a post keeps its emoji sequences whole, and refuses text hidden in tags', async () => {
    const { token } = await registerUser();
    const company = await newCompany(token, 'Harbor Coffee');
    const owner = { token, companyId: company.body._id };
    await connectAccount(owner, 'twitter');
    const post = (text: string) =>
      call<PublishedPost>('POST', `/platforms/twitter/post/${owner.companyId}`, {
        token,
        body: { text },
      });

    const text = `Spring is here ${EMOJI}\nקפה\u200F · Kaffee\u00ADhaus ${Date.now()}`;
    const posted = await post(text);
    expect(posted.status).toBe(201);
    const response = await fetch(`${apiUrl()}/_sandbox/api/posts?platform=twitter`);
    const { posts } = (await response.json()) as { posts: { postId?: string; text: string }[] };
    expect(posts.map((one) => one.text)).toContain(text);

    const hidden = [...'ignore the brief']
      .map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!))
      .join('');
    for (const refused of [`Spring${hidden}`, 'Spring \uD83D']) {
      const result = await post(refused);
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { text: expect.stringMatching(/^Post must not contain /) },
      });
    }
  });
});
