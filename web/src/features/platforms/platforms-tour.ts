import type { TourStep } from '#web/components/tours/tour-step';

/** The platforms page: connecting an account, what the plan allows, and posting at once. */
export const PLATFORMS_TOUR: readonly TourStep[] = [
  {
    target: 'platform-cards',
    title: 'Connect your accounts',
    content:
      'Connect Now opens the platform, where you sign in and allow Sailpost to post (on Facebook and Instagram you then choose the Page). Approved posts go out on the accounts connected here.',
  },
  {
    target: 'platform-plan',
    title: 'Your plan decides the platforms',
    content:
      'The company’s plan says which platforms it can connect. Compare plans to see what each one adds; a platform outside the plan shows Upgrade instead.',
  },
  {
    target: 'platform-post',
    title: 'Post now',
    content:
      'Once an account is connected, Post now (or its icon) publishes a post straight away, outside any campaign.',
  },
];
