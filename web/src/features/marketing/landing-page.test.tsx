import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TIER_LIST } from '#shared/domain/tiers';
import { seedSession } from '#web/test/fixtures';
import { mockFetch } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { DEMO_CONVERSATION } from './components/sms-preview';
import { LandingPage } from './landing-page';

const renderLanding = (total: number | null) => {
  mockFetch(total === null ? {} : { 'GET /api/users/count/total': { body: { total } } });
  return renderScreen('/', <LandingPage />, { at: '/' });
};

describe('LandingPage', () => {
  it('shows how many founder accounts remain (50 minus all accounts)', async () => {
    renderLanding(38);
    expect(await screen.findByText('12 of 50 founder accounts remaining')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Founder seats taken' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
  });

  it("says 'Founder accounts sold out' when none remain", async () => {
    renderLanding(73);
    expect(await screen.findByText('Founder accounts sold out')).toBeInTheDocument();
  });

  it('still renders when the count is unavailable', async () => {
    renderLanding(null);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your AI social media assistant',
    );
    expect(
      await screen.findByText('Founder seats are limited to 50 accounts.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/founder accounts remaining/)).not.toBeInTheDocument();
  });

  it('invites to the free trial and shows the setup steps with their times', () => {
    renderLanding(0);
    const ctas = screen.getAllByRole('link', {
      name: 'Start your 14-day free trial — no card required',
    });
    expect(ctas[0]).toHaveAttribute('href', '/register');
    expect(screen.getByRole('heading', { name: 'Set up in under 13 minutes' })).toBeInTheDocument();
    for (const [title, time] of [
      ['Create an account', '30 seconds'],
      ['Company profile auto-generated from your website', '1 minute'],
      ['Link socials', '1 minute'],
      ['First campaign', '10 minutes'],
      ['Daily posts approved by text', '30 seconds per day'],
    ]) {
      const step = screen.getByRole('heading', { name: new RegExp(title!) }).closest('li')!;
      expect(step).toHaveTextContent(time!);
    }
  });

  it('lists the platforms and the tiers with prices and daily generations', () => {
    renderLanding(0);
    const platforms = screen.getByRole('region', { name: 'Where your posts go' });
    expect(within(platforms).getAllByText('Connectable')).toHaveLength(4);
    expect(platforms).toHaveTextContent(
      'Connect X (Twitter), LinkedIn, Facebook, and Instagram today.',
    );
    // Every platform the tiers sell can be connected: nothing on the page says otherwise.
    expect(document.body).not.toHaveTextContent(/coming soon|on the way/i);
    for (const tier of TIER_LIST) {
      const card = screen.getByRole('listitem', { name: `${tier.name} plan` });
      expect(card).toHaveTextContent(`$${tier.monthlyPrice}/month`);
      expect(card).toHaveTextContent(`${tier.dailyGenerationLimit} AI-drafted post`);
    }
  });

  it('offers Log in and Get started, and links the legal pages', () => {
    renderLanding(0);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('shows Go to Dashboard when signed in', () => {
    seedSession();
    renderLanding(0);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('folds the sections and Log in into a menu that Escape closes, focus back on its button', async () => {
    renderLanding(0);
    const user = userEvent.setup();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'How it works' })).toHaveAttribute(
      'href',
      '/#how-it-works',
    );
    expect(within(menu).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/#pricing',
    );
    expect(within(menu).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    await user.tab();
    expect(within(menu).getByRole('link', { name: 'How it works' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', {
        name: 'Platforms',
      }),
    );
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows texts that follow the reply grammar its first message teaches', () => {
    const [digest, ...rest] = DEMO_CONVERSATION;
    expect(digest?.text).toMatch(/Reply YES to approve/);
    expect(digest?.text).toMatch(/1 YES, 1 NO/);
    const replies = rest.filter((message) => message.from === 'owner').map(({ text }) => text);
    expect(replies.length).toBeGreaterThan(0);
    // YES, "n YES", "n NO" or "n <changes>" — never anything else.
    for (const reply of replies) expect(reply).toMatch(/^(YES|\d+ (YES|NO|\S.*))$/);
    // Every reply is answered.
    rest.forEach((message, index) => {
      if (message.from === 'owner') expect(rest[index + 1]?.from).toBe('sailpost');
    });
  });
});
