import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useCompanies } from '#web/lib/api/list-companies';
import { useStoreCompany } from '#web/lib/api/store-company';
import { companiesPage, makeCompany, seedSession } from '#web/test/fixtures';
import { callKeys, deferredAnswer, jsonResponse, mockFetch } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { useCreateCompany } from './create-company';
import { useDeleteCompany } from './delete-company';
import { useUpdateCompany } from './update-company';

const harbor = makeCompany({ _id: 'c1', name: 'Harbor Coffee' });
const tide = makeCompany({ _id: 'c2', name: 'Tide Yoga' });
const harborOnGold = {
  ...harbor,
  subscriptionTier: 'gold' as const,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  subscription: { status: 'active' as const },
};

/** The user's companies as the sidebar shows them, and one button per mutation. */
function Harness() {
  const { companies, total } = useCompanies();
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const deleteCompany = useDeleteCompany();
  const storeCompany = useStoreCompany();
  return (
    <>
      <p>{`Companies: ${companies.map((company) => company.name).join(', ') || 'none'}`}</p>
      <p>{`Tiers: ${companies.map((company) => company.subscriptionTier).join(', ')}`}</p>
      <p>{`Total: ${total}`}</p>
      <button onClick={() => storeCompany(harborOnGold, 'plan')}>Upgrade</button>
      <button onClick={() => void createCompany({ name: 'Tide Yoga' })}>Create</button>
      <button onClick={() => void updateCompany('c1', { name: 'Harbor Tea' })}>Rename</button>
      <button onClick={() => void deleteCompany('c1')}>Delete</button>
    </>
  );
}

/** The list answers `lists[n]` to its n-th read (the last one after that), one page each. */
const renderHarness = (
  lists: ReturnType<typeof makeCompany>[][],
  answers: Parameters<typeof mockFetch>[0],
) => {
  seedSession();
  let reads = 0;
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': async () =>
      jsonResponse(companiesPage(lists[Math.min(reads++, lists.length - 1)]).body),
    ...answers,
  });
  renderScreen('/', <Harness />, { at: '/' });
  return { fetchMock, user: userEvent.setup() };
};

const listReads = (fetchMock: ReturnType<typeof mockFetch>) =>
  callKeys(fetchMock).filter((key) => key === 'GET /api/companies/user/u1').length;

describe('company mutations', () => {
  it('a created company joins the list at once, and the list is read again', async () => {
    const { fetchMock, user } = renderHarness([[harbor], [harbor, tide]], {
      'POST /api/companies': { status: 201, body: tide },
    });
    expect(await screen.findByText('Companies: Harbor Coffee')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Companies: Harbor Coffee, Tide Yoga')).toBeInTheDocument();
    await expect.poll(() => listReads(fetchMock)).toBe(2);
  });

  it('an updated company is replaced in the list, and the list is read again', async () => {
    const renamed = { ...harbor, name: 'Harbor Tea' };
    const { fetchMock, user } = renderHarness([[harbor], [renamed]], {
      'PUT /api/companies/c1': { body: renamed },
    });
    expect(await screen.findByText('Companies: Harbor Coffee')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Companies: Harbor Tea')).toBeInTheDocument();
    await expect.poll(() => listReads(fetchMock)).toBe(2);
  });

  it('a deleted company leaves the list, and the list is read again', async () => {
    const { fetchMock, user } = renderHarness([[harbor, tide], [tide]], {
      'DELETE /api/companies/c1': { body: { message: 'Company deleted' } },
    });
    expect(await screen.findByText('Companies: Harbor Coffee, Tide Yoga')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Companies: Tide Yoga')).toBeInTheDocument();
    await expect.poll(() => listReads(fetchMock)).toBe(2);
  });

  it('counts a created company and forgets a deleted one, before the list is read again', async () => {
    const reread = deferredAnswer();
    let reads = 0;
    seedSession();
    mockFetch({
      'GET /api/companies/user/u1': () =>
        reads++ === 0
          ? Promise.resolve(jsonResponse(companiesPage([harbor]).body))
          : reread.answer(),
      'POST /api/companies': { status: 201, body: tide },
      'DELETE /api/companies/c1': { body: { message: 'Company deleted' } },
    });
    renderScreen('/', <Harness />, { at: '/' });
    const user = userEvent.setup();
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Companies: Harbor Coffee, Tide Yoga')).toBeInTheDocument();
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Companies: Tide Yoga')).toBeInTheDocument();
    expect(screen.getByText('Total: 1')).toBeInTheDocument();
  });

  it('a plan change puts the new plan into the list, without reading it again', async () => {
    const { fetchMock, user } = renderHarness([[harbor, tide]], {});
    expect(await screen.findByText('Tiers: intro, intro')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('Tiers: gold, intro')).toBeInTheDocument();
    expect(screen.getByText('Companies: Harbor Coffee, Tide Yoga')).toBeInTheDocument();
    expect(listReads(fetchMock)).toBe(1);
  });
});
