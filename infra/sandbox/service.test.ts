import { describe, expect, it } from 'vitest';
import { ServiceGroup } from './service';

describe('ServiceGroup', () => {
  it('stops what did start, in reverse order, when another start fails', async () => {
    const stopped: string[] = [];
    const group = new ServiceGroup();
    group.onStop(() => void stopped.push('lock'));
    const slow = new Promise<{ stop(): void }>((resolve) =>
      setTimeout(() => resolve({ stop: () => void stopped.push('slow') }), 50),
    );
    await expect(
      group.startAll([
        Promise.resolve({ stop: () => void stopped.push('fast') }),
        Promise.reject(new Error('port taken')),
        slow,
        Promise.resolve('a plain value'),
      ]),
    ).rejects.toThrow('port taken');
    await group.stopAll();
    expect(stopped).toEqual(['slow', 'fast', 'lock']);
  });

  it('collects every started service’s routes', async () => {
    const group = new ServiceGroup();
    const handle = async () => undefined;
    await group.start({ stop: () => undefined, routes: [{ prefix: '/api', name: 'a', handle }] });
    await group.start({ stop: () => undefined });
    expect(group.routes().map((route) => route.prefix)).toEqual(['/api']);
  });
});
