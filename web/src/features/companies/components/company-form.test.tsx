import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INTRO_TIER_LIMIT_MESSAGE } from '#shared/contract/companies';
import { companiesPage, makeCompany, seedSession } from '#web/test/fixtures';
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
import { CompanyOverview } from './company-overview';
import { DRAFTING_AFTER_MS } from './company-form';

/** The new-company form, once the user's companies have loaded (it waits for them). */
const renderNew = async (answers: Record<string, MockAnswer> = {}) => {
  seedSession();
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([]),
    ...answers,
  });
  const utils = renderScreen('/dashboard/companies/new', <NewCompanyPage />, {
    at: '/dashboard/companies/new',
    routes: [{ path: '/dashboard/company/:companyId', element: <PathProbe name="overview" /> }],
  });
  await screen.findByLabelText('Company name');
  return { ...utils, fetchMock, user: userEvent.setup() };
};

const hexInputs = () => screen.getAllByRole('textbox', { name: /Brand colour \d+ hex code/ });
const removeButtons = () => screen.queryAllByRole('button', { name: /Remove colour/ });

describe('company form', () => {
  it('starts with one #007BFF colour row and no Remove control', async () => {
    await renderNew();
    expect(hexInputs()).toHaveLength(1);
    expect(hexInputs()[0]).toHaveValue('#007BFF');
    expect(removeButtons()).toHaveLength(0);
  });

  it('shows Remove only while more than one row exists', async () => {
    const { user } = await renderNew();
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    expect(hexInputs()).toHaveLength(2);
    expect(removeButtons()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove colour 1' }));
    expect(hexInputs()).toHaveLength(1);
    expect(removeButtons()).toHaveLength(0);
  });

  it('requires a name and checks colour codes', async () => {
    const { user, fetchMock } = await renderNew();
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(hexInputs()[1]!, 'blue');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Brand colours must be hex colours like #007BFF')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/companies')).toHaveLength(0);
  });

  it('drops empty colour rows, creates the company in the browser’s time zone and opens its overview', async () => {
    const resolved = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...resolved,
      timeZone: 'America/Chicago',
    });
    const created = makeCompany({ _id: 'c9', name: 'Tide Yoga' });
    const { user, fetchMock } = await renderNew({
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
        timeZone: 'America/Chicago',
        morningHour: 8,
      },
    ]);
  });

  it("moves focus to the new company's heading once it is created", async () => {
    seedSession();
    const created = makeCompany({ _id: 'c9', name: 'Tide Yoga' });
    mockFetch({
      'GET /api/companies/user/u1': companiesPage([]),
      'POST /api/companies': { status: 201, body: created },
    });
    renderScreen('/dashboard/companies/new', <NewCompanyPage />, {
      at: '/dashboard/companies/new',
      routes: [
        {
          path: '/dashboard/company/:companyId',
          element: <CompanyOverview company={created} overview={undefined} />,
        },
      ],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Company name'), 'Tide Yoga');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Tide Yoga' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves the zone to the server when the browser gives none it can use', async () => {
    const resolved = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...resolved,
      timeZone: 'Etc/Unknown',
    });
    const { user, fetchMock } = await renderNew({
      'POST /api/companies': { status: 201, body: makeCompany({ _id: 'c9' }) },
    });
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Company name'), 'Tide Yoga');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/companies')[0]).not.toHaveProperty('timeZone');
  });

  it("explains the intro tier's one-company limit, once, and keeps the input", async () => {
    const { user } = await renderNew({
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
    const { user } = await renderNew({ 'POST /api/companies': { status: 502, body: {} } });
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
      const { user, fetchMock } = await renderNew({
        'POST /api/ai/company-profile': pending.answer,
      });
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
        await screen.findByText(/Filled in from what harbor\.coffee says/),
      ).toBeInTheDocument();
      // Only empty fields were filled, so nothing needed reviewing.
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Company name')).toHaveValue('Harbor Coffee');
      expect(screen.getByLabelText('Description')).toHaveValue(draft.description);
      expect(screen.getByLabelText('Brand voice')).toHaveValue(draft.brandVoice);
      expect(hexInputs().map((input) => (input as HTMLInputElement).value)).toEqual([
        '#0B5FFF',
        '#E4572E',
      ]);
      // The address the owner typed is the one that was read: it stays as typed.
      expect(screen.getByLabelText('Website')).toHaveValue('harbor.coffee');
    });

    it("moves on to 'Drafting your profile…' while the reader works", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const pending = deferredAnswer();
      const { user } = await renderNew({ 'POST /api/ai/company-profile': pending.answer });
      await user.type(screen.getByLabelText('Website'), 'harbor.coffee');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(screen.getByText('Reading your website…')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(DRAFTING_AFTER_MS));
      expect(
        screen.getByRole('progressbar', { name: 'Drafting your profile…' }),
      ).toBeInTheDocument();
      pending.resolve(jsonResponse(draft));
      expect(await screen.findByText(/Filled in from what/)).toBeInTheDocument();
    });

    it('asks before replacing what the owner wrote: empty fields ticked, their own words not', async () => {
      const { user } = await renderNew({
        'POST /api/ai/company-profile': { body: { ...draft, source: 'openai' } },
      });
      await user.type(screen.getByLabelText('Company name'), 'Harbor & Co');
      await user.type(screen.getByLabelText('Website'), 'harbor.coffee');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));

      const review = await screen.findByRole('dialog', { name: 'Suggestions from harbor.coffee' });
      const name = within(review).getByRole('checkbox', { name: 'Company name' });
      expect(name).not.toBeChecked();
      expect(name).toHaveAccessibleDescription(/Now\s*Harbor & Co\s*Suggested\s*Harbor Coffee/);
      expect(within(review).getByRole('checkbox', { name: 'Description' })).toBeChecked();
      expect(within(review).getByRole('checkbox', { name: 'Brand colours' })).toBeChecked();
      expect(within(review).getByRole('checkbox', { name: 'Brand voice' })).toBeChecked();
      // Nothing changes until the owner chooses.
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('');

      await user.click(within(review).getByRole('button', { name: 'Apply selected' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Company name')).toHaveValue('Harbor & Co');
      expect(screen.getByLabelText('Description')).toHaveValue(draft.description);
      expect(screen.getByLabelText('Brand voice')).toHaveValue(draft.brandVoice);
      expect(hexInputs()).toHaveLength(2);
      expect(
        await screen.findByText(/Suggestions from harbor\.coffee filled in/),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Fill from website' })).toHaveFocus();
    });

    it('says a private or local address cannot be read from here, decided by the code', async () => {
      const { user, fetchMock } = await renderNew({
        'POST /api/ai/company-profile': {
          status: 400,
          body: {
            statusCode: 400,
            code: 'WEBSITE_PRIVATE',
            message: 'Some other wording',
            error: 'Bad Request',
          },
        },
      });
      const website = screen.getByLabelText('Website');
      await user.type(website, 'http://10.0.0.5');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(await screen.findByText("This address can't be read from here")).toBeInTheDocument();
      expect(website).toHaveAccessibleDescription("This address can't be read from here");
      expect(website).toHaveFocus();
      expect(website).toHaveValue('http://10.0.0.5');

      // A local name is not "invalid": it is local, and is said so without asking the server.
      await user.clear(website);
      await user.type(website, 'http://localhost:8080');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(website).toHaveAccessibleDescription("This address can't be read from here");
      expect(bodiesSentTo(fetchMock, 'POST /api/ai/company-profile')).toHaveLength(1);
    });

    it('says plainly when the website cannot be read for another reason', async () => {
      const { user } = await renderNew({
        'POST /api/ai/company-profile': { status: 500, body: { statusCode: 500 } },
      });
      await user.type(screen.getByLabelText('Website'), 'harbor.coffee');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(
        await screen.findByText(
          'We could not read that website. Check the address, or fill in the profile yourself.',
        ),
      ).toBeInTheDocument();
    });

    it('asks for the website first', async () => {
      const { user, fetchMock } = await renderNew();
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      expect(screen.getByText('Enter your website address first.')).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'POST /api/ai/company-profile')).toHaveLength(0);
    });

    it('can be cancelled', async () => {
      const pending = deferredAnswer();
      const { user } = await renderNew({ 'POST /api/ai/company-profile': pending.answer });
      await user.type(screen.getByLabelText('Website'), 'harbor.coffee');
      await user.click(screen.getByRole('button', { name: 'Fill from website' }));
      const progress = screen.getByRole('progressbar').parentElement!.parentElement!;
      await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Fill from website' })).toBeEnabled();
    });
  });
});

const renderEdit = (answers: Record<string, MockAnswer> = {}) => {
  seedSession();
  const company = makeCompany({ brandColors: ['#0B5FFF'] });
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([company]),
    'GET /api/companies/c1': { body: company },
    'PUT /api/companies/c1': { body: { ...company, name: 'Harbor Roasters' } },
    ...answers,
  });
  renderScreen('/dashboard/company/:companyId/edit', <EditCompanyPage />, {
    at: '/dashboard/company/c1/edit',
    routes: [{ path: '/dashboard/company/:companyId', element: <PathProbe name="overview" /> }],
  });
  return { company, fetchMock, user: userEvent.setup() };
};

describe('brand colour Remove', () => {
  it('moves focus to the colour that took its place, or to Add colour after the last', async () => {
    const { user } = await renderNew();
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(hexInputs()[1]!, '#111111');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(hexInputs()[2]!, '#222222');

    await user.click(screen.getByRole('button', { name: 'Remove colour 2' }));
    expect(hexInputs()[1]).toHaveValue('#222222');
    expect(hexInputs()[1]).toHaveFocus();
    expect(screen.getByText('Colour 2 removed.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove colour 2' }));
    expect(hexInputs()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add colour' })).toHaveFocus();
  });
});

describe('edit company form', () => {
  it('is prefilled and saves with PUT, then returns to the overview without asking', async () => {
    const { company, fetchMock, user } = renderEdit();
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
        timeZone: 'America/Los_Angeles',
        morningHour: 8,
      },
    ]);
  });

  it('shows the company’s time zone and saves another one', async () => {
    const { fetchMock, user } = renderEdit();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    // The zone in words; the form keeps its IANA id.
    expect((zone as HTMLInputElement).value).toMatch(/^Los Angeles time \(UTC−[78]\)$/);
    expect(zone).toHaveAccessibleDescription(
      'Daily AI limits, the morning text and posting times follow this zone.',
    );
    await user.click(zone);
    await user.keyboard('chicago');
    await user.click(screen.getByRole('option', { name: /^Chicago time \(UTC−[56]\)$/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/companies/c1')).toEqual([
      expect.objectContaining({ timeZone: 'America/Chicago' }),
    ]);
  });
});

describe('morning drafts hour', () => {
  it('shows the company’s morning hour among every hour of the day and saves another one', async () => {
    const { fetchMock, user } = renderEdit({
      'GET /api/companies/c1': { body: makeCompany({ brandColors: ['#0B5FFF'], morningHour: 7 }) },
    });
    const hour = await screen.findByRole('combobox', { name: 'Morning drafts at' });
    expect(hour).toHaveValue('7');
    expect(hour).toHaveAccessibleDescription(
      "Each morning at this hour, in the company's time zone, the AI drafts the day's posts and you get one text to approve them.",
    );
    const options = within(hour).getAllByRole('option');
    expect(options).toHaveLength(24);
    expect(options[0]).toHaveTextContent('12:00 AM (midnight)');
    expect(options[7]).toHaveTextContent('7:00 AM');
    expect(options[12]).toHaveTextContent('12:00 PM (noon)');
    expect(options[23]).toHaveTextContent('11:00 PM');
    await user.selectOptions(hour, '6');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/companies/c1')).toEqual([
      expect.objectContaining({ morningHour: 6, timeZone: 'America/Los_Angeles' }),
    ]);
  });

  it('is not asked on a new company (8:00 in its zone; it can be changed when editing)', async () => {
    await renderNew();
    expect(screen.queryByRole('combobox', { name: 'Morning drafts at' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the hour beside the select', async () => {
    const { user } = renderEdit({
      'PUT /api/companies/c1': {
        status: 400,
        body: {
          message: 'Morning hour must be a whole hour from 0 to 23',
          code: 'VALIDATION_FAILED',
          fields: { morningHour: 'Morning hour must be a whole hour from 0 to 23' },
        },
      },
    });
    const hour = await screen.findByRole('combobox', { name: 'Morning drafts at' });
    await user.selectOptions(hour, '9');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByRole('combobox', { name: 'Morning drafts at' }),
    ).toHaveAccessibleDescription(
      expect.stringContaining('Morning hour must be a whole hour from 0 to 23'),
    );
  });
});

describe('leaving the edit form with unsaved edits', () => {
  it('asks first: Stay keeps the edits, Leave goes', async () => {
    const { user } = renderEdit();
    const name = await screen.findByLabelText('Company name');
    await user.type(name, ' Roasters');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(within(ask).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(name).toHaveValue('Harbor Coffee Roasters');
    expect(window.location.pathname).toBe('/dashboard/company/c1/edit');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
  });

  it('does not ask without edits', async () => {
    const { user } = renderEdit();
    await screen.findByLabelText('Company name');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
  });
});

describe('Fill from website on the edit form', () => {
  const draft = {
    name: 'Harbor Coffee',
    description: 'Fresh from the roaster, every day.',
    brandVoice: 'Cheerful and brief.',
    brandColors: ['#E4572E'],
    website: 'https://www.harbor.coffee/',
    source: 'openai',
  };

  it('changes nothing the owner does not tick, and only what they tick', async () => {
    const { company, user } = renderEdit({ 'POST /api/ai/company-profile': { body: draft } });
    await screen.findByLabelText('Company name');
    await user.click(screen.getByRole('button', { name: 'Fill from website' }));
    const review = await screen.findByRole('dialog', { name: 'Suggestions from harbor.coffee' });
    // The same name and address are not offered; written fields start unticked.
    expect(
      within(review)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([false, false, false]);
    expect(
      within(review).queryByRole('checkbox', { name: 'Company name' }),
    ).not.toBeInTheDocument();
    await user.click(within(review).getByRole('checkbox', { name: 'Description' }));
    await user.click(within(review).getByRole('button', { name: 'Apply selected' }));

    expect(screen.getByLabelText('Description')).toHaveValue(draft.description);
    expect(screen.getByLabelText('Brand voice')).toHaveValue(company.brandVoice);
    expect(hexInputs()[0]).toHaveValue('#0B5FFF');

    // Cancel keeps everything as it is.
    await user.click(screen.getByRole('button', { name: 'Fill from website' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('checkbox', { name: 'Brand voice' }));
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Brand voice')).toHaveValue(company.brandVoice);
  });
});

describe('Add Company with the intro tier’s one company taken', () => {
  const renderWith = (companies: ReturnType<typeof makeCompany>[]) => {
    seedSession();
    const fetchMock = mockFetch({
      'GET /api/companies/user/u1': companiesPage(companies),
    });
    renderScreen('/dashboard/companies/new', <NewCompanyPage />, {
      at: '/dashboard/companies/new',
      routes: [{ path: '/dashboard/company/:companyId', element: <PathProbe name="overview" /> }],
    });
    return { fetchMock, user: userEvent.setup() };
  };

  it('says so before the form, and offers to upgrade the company (its plans open)', async () => {
    const { user, fetchMock } = renderWith([
      makeCompany({ trialEndDate: new Date(Date.now() + 5 * 864e5).toISOString() }),
    ]);
    const card = await screen.findByRole('region', { name: 'Upgrade to add another company' });
    expect(card).toHaveTextContent(INTRO_TIER_LIMIT_MESSAGE);
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Upgrade Harbor Coffee' }));
    expect(await screen.findByText('Screen: overview')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/dashboard/company/c1?plan=choose',
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/companies')).toHaveLength(0);
  });

  it('counts the tier that applies now: an unpaid Gold subscription is intro', async () => {
    renderWith([
      makeCompany({
        subscriptionTier: 'gold',
        stripeSubscriptionId: 'sub_1',
        subscription: { status: 'unpaid' },
      }),
    ]);
    expect(
      await screen.findByRole('region', { name: 'Upgrade to add another company' }),
    ).toBeInTheDocument();
  });

  it('shows the form when a company pays for a tier above intro', async () => {
    renderWith([
      makeCompany({
        subscriptionTier: 'silver',
        stripeSubscriptionId: 'sub_1',
        subscription: { status: 'active' },
      }),
      makeCompany({ _id: 'c2', name: 'Tide Yoga' }),
    ]);
    expect(await screen.findByLabelText('Company name')).toBeInTheDocument();
    expect(screen.queryByText(INTRO_TIER_LIMIT_MESSAGE)).not.toBeInTheDocument();
  });
});
