// A bad command-line argument: the CLI reports it without a stack trace and exits with code 2.
export class UsageError extends Error {
  override name = 'UsageError';
}
