/** "45 seconds", "15 minutes", "3 hours": a wait as people say it, rounded up. */
export const waitText = (seconds: number): string => {
  const [amount, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 2 * 60 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
};
