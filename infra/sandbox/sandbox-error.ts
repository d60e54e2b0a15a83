/**
 * A start-up problem the developer can fix (Java missing, port taken, another sandbox running).
 * Its message is one line meant for the terminal as is: `npm start` prints it without a stack.
 */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';
}
