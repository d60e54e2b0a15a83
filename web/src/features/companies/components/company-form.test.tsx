import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INTRO_TIER_LIMIT_MESSAGE } from '#shared/contract/companies';
import { makeCompany, seedSession } from '#web/test/fixtures';
import {
  bodiesSentTo,
  deferredAnswer,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import { PathProbe, renderScreen } from '#web/test/render';
import { EditCompanyPage } from '../edit-company-page';
import { NewCompanyPage } from '../new-company-page';
import { DRAFTING_AFTER_MS } from './company-form';

const renderNew = (answers: Record<string, MockAnswer> = {}) => {
  seedSession();
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': { body: { data: [], total: 0 } },
    ...answers,
  });
  const utils = renderScreen('/dashboard/companies/new', <NewCompanyPage />, {
    at: '/dashboard/companies/new',
    routes: [{ path: '/dashboard/company/:companyId', element: <PathProbe name="overview" /> }],
  });
  return { ...utils, fetchMock, user: userEvent.setup() };
};

const hexInputs = () => screen.getAllByRole('textbox', { name: /Brand colour \d+ hex code/ });
const removeButtons = () => screen.queryAllByRole('button', { name: /Remove colour/ });

describe('company form', () => {
  it('starts with one #007BFF colour row and no Remove control', () => {
    renderNew();
    expect(hexInputs()).toHaveLength(1);
    expect(hexInputs()[0]).toHaveValue('#007BFF');
    expect(removeButtons()).toHaveLength(0);
  });

  it('shows Remove only while more than one row exists', async () => {
    const { user } = renderNew();
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    expect(hexInputs()).toHaveLength(2);
    expect(removeButtons()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove colour 1' }));
    expect(hexInputs()).toHaveLength(1);
    expect(removeButtons()).toHaveLength(0);
  });

  it('requires a name and checks colour codes', async () => {
    const { user, fetchMock } = renderNew();
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(hexInputs()[1]!, 'blue');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Brand colours must be hex colours like #007BFF')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/companies')).toHaveLength(0);
  });

  it('drops empty colour rows, creates the company and opens its overview', async () => {
    const created = makeCompany({ _id: 'c9', name: 'Tide Yoga' });
    const { user, fetchMock } = renderNew({
      'POST /api/companies': { status: 201, body: created },
    });
    await user.type(screen.getByLabelText('Company name'), 'Tide Yoga');
    await user.type(screen.getByLabelText('Website'), 'tide.yoga');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(hexInputs()[2]!, 'e4572e');
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/company/c9');
    expect(await screen.findByText('Company created successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/companies')).toEqual([
      {
        name: 'Tide Yoga',
        description: '',
        website: 'https://tide.yoga',
        brandColors: ['#007BFF', '#E4572E'],
        brandVoice: '',
      },
    ]);
  });

  it("explains the intro tier's one-company limit, once, and keeps the input", async () => {
    const { user } = renderNew({
      'POST /api/companies': {
        status: 403,
        body: {
          statusCode: 403,
          code: 'COMPANY_LIMIT_REACHED',
          message: 'Company limit reached',
          error: 'Forbidden',
        },
      },
    });
    await user.type(screen.getByLabelText('Company name'), 'Second Shop');
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    // Decided by the code, whatever the server's wording.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INTRO_TIER_LIMIT_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(INTRO_TIER_LIMIT_MESSAGE)).toHaveLength(1);
    expect(screen.getByLabelText('Company name')).toHaveValue('Second Shop');
    expect(window.location.pathname).toBe('/dashboard/companies/new');
  });

  it('says "Failed to create company" for other failures', async () => {
    const { user } = renderNew({ 'POST /api/companies': { status: 502, body: {} } });
    await user.type(screen.getByLabelText('Company name'), 'Tide Yoga');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create company');
    expect(screen.getByLabelText('Company name')).toHaveValue('Tide Yoga');
  });

  describe('Fill from website', () => {
    const draft = {
      name: 'Harbor Coffee',
      description: 'Harbor Coffee roasts small batches in Portland.',
      brandVoice: 'Warm, plain-spoken, says "we".',
      brandColors: ['#0b5fff', '#E4572E'],
      website: 'https://harbor.coffee/',
      source: 'offline',
    };

    it('shows progress, then fills the profile for the owner to edit', async () => {
      const pending = deferredAnswer();
      const { user, fetchMock } = renderNew({ 'POST /api/ai/company-profile': pending.answer });
      await user.type(screen.getByLabelText('Website'), 'harbor.coffee');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));

      expect(
        screen.getByRole('progressbar', { name: 'Reading your website…' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Fill from website' })).toBeDisabled();
      expect(bodiesSentTo(fetchMock, 'POST /api/ai/company-profile')).toEqual([
        { website: 'https://harbor.coffee' },
      ]);

      pending.resolve(jsonResponse(draft));
      expect(
        await screen.findByText(/Offline draft created from harbor\.coffee/),
      ).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Company name')).toHaveValue('Harbor Coffee');
      expect(screen.getByLabelText('Description')).toHaveValue(draft.description);
      expect(screen.getByLabelText('Brand voice')).toHaveValue(draft.brandVoice);
      expect(hexInputs().map((input) => (input as HTMLInputElement).value)).toEqual([
        '#0B5FFF',
        '#E4572E',
      ]);
      expect(screen.getByLabelText('Website')).toHaveValue('https://harbor.coffee/');
    });

    it("moves on to 'Drafting your profile…' while the reader works", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const pending = deferredAnswer();
      const { user } = renderNew({ 'POST /api/ai/company-profile': pending.answer });
      await user.type(screen.getByLabelText('Website'), 'harbor.coffee');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(screen.getByText('Reading your website…')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(DRAFTING_AFTER_MS));
      expect(
        screen.getByRole('progressbar', { name: 'Drafting your profile…' }),
      ).toBeInTheDocument();
      pending.resolve(jsonResponse(draft));
      expect(await screen.findByText(/Offline draft created/)).toBeInTheDocument();
    });

    it('keeps a name the owner already typed', async () => {
      const { user } = renderNew({
        'POST /api/ai/company-profile': { body: { ...draft, source: 'openai' } },
      });
      await user.type(screen.getByLabelText('Company name'), 'Harbor & Co');
      await user.type(screen.getByLabelText('Website'), 'harbor.coffee');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(await screen.findByText(/Profile drafted from harbor\.coffee/)).toBeInTheDocument();
      expect(screen.getByLabelText('Company name')).toHaveValue('Harbor & Co');
      expect(screen.getByLabelText('Description')).toHaveValue(draft.description);
    });

    it("shows the server's message under the website field", async () => {
      const { user } = renderNew({
        'POST /api/ai/company-profile': {
          status: 400,
          body: { statusCode: 400, message: 'Only public websites can be read' },
        },
      });
      await user.type(screen.getByLabelText('Website'), 'http://intranet.local');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(await screen.findByText('Only public websites can be read')).toBeInTheDocument();
      expect(screen.getByLabelText('Website')).toHaveAccessibleDescription(
        'Only public websites can be read',
      );
      expect(screen.getByLabelText('Website')).toHaveValue('http://intranet.local');
    });

    it('asks for the website first', async () => {
      const { user, fetchMock } = renderNew();
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(screen.getByText('Enter your website address first.')).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'POST /api/ai/company-profile')).toHaveLength(0);
    });

    it('can be cancelled', async () => {
      const pending = deferredAnswer();
      const { user } = renderNew({ 'POST /api/ai/company-profile': pending.answer });
      await user.type(screen.getByLabelText('Website'), 'harbor.coffee');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      const progress = screen.getByRole('progressbar').parentElement!.parentElement!;
      await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Fill from website' })).toBeEnabled();
    });
  });
});

describe('edit company form', () => {
  it('is prefilled and saves with PUT, then returns to the overview', async () => {
    seedSession();
    const company = makeCompany({ brandColors: ['#0B5FFF'] });
    const fetchMock = mockFetch({
      'GET /api/companies/user/u1': { body: { data: [company], total: 1 } },
      'GET /api/companies/c1': { body: company },
      'PUT /api/companies/c1': { body: { ...company, name: 'Harbor Roasters' } },
    });
    renderScreen('/dashboard/company/:companyId/edit', <EditCompanyPage />, {
      at: '/dashboard/company/c1/edit',
      routes: [{ path: '/dashboard/company/:companyId', element: <PathProbe name="overview" /> }],
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('Harbor Coffee');
    expect(screen.getByLabelText('Website')).toHaveValue('https://www.harbor.coffee');
    expect(hexInputs()[0]).toHaveValue('#0B5FFF');
    await user.clear(name);
    await user.type(name, 'Harbor Roasters');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
    expect(await screen.findByText('Company updated successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/companies/c1')).toEqual([
      {
        name: 'Harbor Roasters',
        description: company.description,
        website: company.website,
        brandColors: ['#0B5FFF'],
        brandVoice: company.brandVoice,
      },
    ]);
  });
});
