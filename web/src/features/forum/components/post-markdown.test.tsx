import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POST_LINK_REL, PostMarkdown } from './post-markdown';

const renderPost = (content: string) => render(<PostMarkdown content={content} />).container;

describe('PostMarkdown', () => {
  it('renders Markdown: emphasis, lists, code', () => {
    const post = renderPost('Some **bold** text\n\n- one\n- two\n\n`npm start`');
    expect(post.querySelector('strong')).toHaveTextContent('bold');
    expect(post.querySelectorAll('li')).toHaveLength(2);
    expect(post.querySelector('code')).toHaveTextContent('npm start');
  });

  it('opens a link in a new tab, as nofollow ugc noopener', () => {
    renderPost('See [the roastery](https://harbor.coffee/roastery).');
    const link = screen.getByRole('link', { name: 'the roastery' });
    expect(link).toHaveAttribute('href', 'https://harbor.coffee/roastery');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', POST_LINK_REL);
    expect(POST_LINK_REL).toBe('nofollow ugc noopener');
  });

  it.each([
    '[click me](javascript:alert(1))',
    '[click me](JaVaScRiPt:alert(1))',
    '[click me](data:text/html,<script>alert(1)</script>)',
    '[click me](vbscript:msgbox(1))',
  ])('keeps %s as plain text, never a link', (content) => {
    const post = renderPost(content);
    expect(screen.queryByRole('link')).toBeNull();
    expect(post).toHaveTextContent('click me');
    expect(post.innerHTML).not.toMatch(/javascript:|vbscript:|data:/i);
  });

  it('drops HTML written in a post: no element, no handler', () => {
    const post = renderPost(
      'Hello <img src="x" onerror="alert(1)"> <script>alert(2)</script> <b onclick="x()">there</b>\n\n<div onmouseover="alert(3)">block</div>',
    );
    expect(post.firstElementChild!.querySelector('img, script, b, div')).toBeNull();
    expect(post.innerHTML).not.toMatch(/onerror|onclick|onmouseover|<script/i);
    expect(post).toHaveTextContent('Hello');
  });

  it('never loads an image: it is a link to it, named by its alt text', () => {
    const post = renderPost('![Our new roaster](https://cdn.example.com/roaster.jpg)');
    expect(post.querySelector('img')).toBeNull();
    const link = screen.getByRole('link', { name: 'Image: Our new roaster' });
    expect(link).toHaveAttribute('href', 'https://cdn.example.com/roaster.jpg');
    expect(link).toHaveAttribute('rel', POST_LINK_REL);
  });

  it('drops an image whose address is not safe', () => {
    const post = renderPost('![x](javascript:alert(1))');
    expect(post.querySelector('img, a')).toBeNull();
  });

  it("puts a post's headings below the page's (h3 and h4)", () => {
    const post = renderPost('# Big\n\n## Less\n\n### Small');
    expect(post.querySelector('h1, h2')).toBeNull();
    expect([...post.querySelectorAll('h3, h4')].map((h) => h.tagName)).toEqual(['H3', 'H3', 'H4']);
  });
});
