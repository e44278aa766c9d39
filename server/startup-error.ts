// A reason not to start that the operator must act on: printed as its message alone, without a stack.
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** For entry points: prints a StartupError's message and exits 1; anything else is rethrown. */
export function exitOnStartupError(e: unknown): never {
  if (e instanceof StartupError) {
    console.error(`akut: ${e.message}`);
    process.exit(1);
  }
  throw e;
}
