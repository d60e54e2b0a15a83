import { describe, expect, it } from 'vitest';
import { assertProjectNode, nodeVersionProblem } from './node-version';

describe('the Node.js the project runs on', () => {
  it('is the one this test runs on (npm puts the project’s Node.js 22 first on the PATH)', () => {
    expect(nodeVersionProblem()).toBeUndefined();
  });

  it.each(['v22.12.0', 'v22.23.3', '22.30.1'])('accepts %s', (version) => {
    expect(nodeVersionProblem(version, '/x/node')).toBeUndefined();
  });

  it.each(['v20.20.2', 'v22.11.0', 'v24.1.0', 'v18.20.8', 'nonsense'])('refuses %s', (version) => {
    expect(nodeVersionProblem(version, '/usr/bin/node')).toMatch(
      new RegExp(
        `^Sailpost runs on Node\\.js 22 .* but this is Node\\.js ${version} \\(/usr/bin/node\\)\\. Run \`npm ci\` once`,
      ),
    );
  });

  it('refuses to start the sandbox on Node.js 20, with the message', () => {
    expect(() => assertProjectNode('v20.20.2', '/usr/bin/node')).toThrow(
      expect.objectContaining({
        name: 'SandboxError',
        message: nodeVersionProblem('v20.20.2', '/usr/bin/node'),
      }),
    );
    expect(() => assertProjectNode('v22.23.3', '/x/node')).not.toThrow();
  });
});
