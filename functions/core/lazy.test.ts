import { describe, expect, it, vi } from 'vitest';
import { lazy, lazyAsync } from './lazy';

describe('lazy', () => {
  it('makes the value on first use and keeps it, even when it is undefined', () => {
    const make = vi.fn(() => undefined);
    const value = lazy(make);
    expect(make).not.toHaveBeenCalled();
    expect(value()).toBeUndefined();
    expect(value()).toBeUndefined();
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('tries again after make threw', () => {
    const make = vi.fn().mockImplementationOnce(() => {
      throw new Error('not yet');
    });
    make.mockReturnValue('ready');
    const value = lazy(make);
    expect(() => value()).toThrow('not yet');
    expect(value()).toBe('ready');
  });
});

describe('lazyAsync', () => {
  it('shares one promise between callers that arrive while it is made', async () => {
    let resolve!: (value: string) => void;
    const make = vi.fn(() => new Promise<string>((done) => (resolve = done)));
    const value = lazyAsync(make);
    const [first, second] = [value(), value()];
    resolve('secret');
    expect(await Promise.all([first, second])).toEqual(['secret', 'secret']);
    expect(await value()).toBe('secret');
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('forgets a rejected promise (also a synchronous throw), so the next call tries again', async () => {
    const make = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('throttled'))
      .mockImplementationOnce(() => {
        throw new Error('no network');
      })
      .mockResolvedValue('secret');
    const value = lazyAsync(make);
    await expect(value()).rejects.toThrow('throttled');
    await expect(value()).rejects.toThrow('no network');
    expect(await value()).toBe('secret');
    expect(await value()).toBe('secret');
    expect(make).toHaveBeenCalledTimes(3);
  });
});
