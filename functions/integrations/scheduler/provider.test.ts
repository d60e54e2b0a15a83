import { describe, expect, it } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { eventBridgeScheduler } from './eventbridge-scheduler';
import { scheduler } from './provider';
import { sandboxScheduler } from './sandbox-scheduler';

describe('scheduler provider', () => {
  it('uses the sandbox scheduler in the sandbox and EventBridge everywhere else', async () => {
    expect(await withEnvironment({ SANDBOX: 'true' }, scheduler)).toBe(sandboxScheduler);
    expect(await withEnvironment({ SANDBOX: 'false' }, scheduler)).toBe(eventBridgeScheduler);
    expect(await withEnvironment({}, scheduler)).toBe(eventBridgeScheduler);
  });
});
