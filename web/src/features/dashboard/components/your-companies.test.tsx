import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeCompanySummary } from '#web/test/fixtures';
import { YourCompanies } from './your-companies';

const renderSection = (companies: Parameters<typeof YourCompanies>[0]['companies']) =>
  render(
    <MemoryRouter>
      <YourCompanies companies={companies} />
    </MemoryRouter>,
  );

describe('YourCompanies', () => {
  it("offers 'Create Your First Company' when there are none", () => {
    renderSection([]);
    expect(screen.getByRole('heading', { name: 'Your Companies' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Company' })).toHaveAttribute(
      'href',
      '/dashboard/companies/new',
    );
    expect(screen.queryByRole('link', { name: 'Add Company' })).not.toBeInTheDocument();
  });

  it('shows a card per company with its Platforms and Campaigns links', () => {
    renderSection([
      makeCompanySummary({ _id: 'c1', name: 'Harbor Coffee', description: 'Small-batch roastery' }),
      makeCompanySummary({ _id: 'c2', name: 'Tide Yoga', description: '' }),
    ]);
    expect(screen.getByRole('link', { name: 'Add Company' })).toHaveAttribute(
      'href',
      '/dashboard/companies/new',
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1',
    );
    expect(within(first!).getByRole('link', { name: 'Platforms' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/platforms',
    );
    expect(within(first!).getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns',
    );
    expect(within(first!).getByText('Small-batch roastery')).toBeInTheDocument();
    expect(within(second!).getByText('No description')).toBeInTheDocument();
  });
});
