import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { engagementRateText, PostResults } from './post-results';

describe('a post card’s results', () => {
  it('shows impressions, engagements and their rate, and when the platform was read', () => {
    render(
      <PostResults
        timeZone="America/New_York"
        results={{ impressions: 12_480, engagements: 387, asOf: '2026-11-27T19:05:00.000Z' }}
      />,
    );
    const figures = screen.getByTestId('post-results');
    expect(figures).toHaveTextContent('Impressions12,480');
    expect(figures).toHaveTextContent('Engagements387');
    expect(figures).toHaveTextContent('Engagement rate3.1%');
    // Read at 19:05 UTC: 2:05 PM in New York.
    expect(screen.getByText('Nov 27, 2:05 PM')).toHaveAttribute(
      'datetime',
      '2026-11-27T19:05:00.000Z',
    );
  });

  it('says when results come before the first reading', () => {
    render(<PostResults timeZone="UTC" results={null} />);
    expect(screen.getByText('Results come about an hour after publishing.')).toBeInTheDocument();
    expect(screen.queryByTestId('post-results')).not.toBeInTheDocument();
  });

  it('has no rate before the first impression', () => {
    expect(engagementRateText(0, 0)).toBe('–');
    expect(engagementRateText(5, 200)).toBe('2.5%');
    expect(engagementRateText(1, 100)).toBe('1%');
  });
});
