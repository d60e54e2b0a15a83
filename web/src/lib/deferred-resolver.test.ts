import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { deferResolver } from './deferred-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

const passing: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('deferResolver', () => {
  it('loads the checks once, on the first preload or check', async () => {
    const load = vi.fn(async () => passing);
    const { resolver, preload } = deferResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    await expect(resolver({ email: 'a@b.co' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.co' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for checks still on their way', async () => {
    let arrive: (resolver: Resolver<Values>) => void = () => undefined;
    const { resolver } = deferResolver(
      () => new Promise<Resolver<Values>>((resolve) => (arrive = resolve)),
    );
    const result = resolver({ email: 'x' }, undefined, options);
    arrive(passing);
    await expect(result).resolves.toMatchObject({ values: { email: 'x' } });
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(passing);
    const { resolver, preload } = deferResolver(load);
    preload();
    await expect(resolver({ email: 'x' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: 'x' }, undefined, options)).resolves.toMatchObject({
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
