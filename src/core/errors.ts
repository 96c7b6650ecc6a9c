/** Errors that map to exit code 2: the user's input or invocation is wrong. */
export class InputError extends Error {
  override name = 'InputError';
}

/** Thrown by `ctx.skip()`: the auditor cannot run here, for the reason given; `enable` is the command that would make it run. */
export class SkipAuditor extends Error {
  override name = 'SkipAuditor';
  constructor(
    message: string,
    readonly enable?: string,
  ) {
    super(message);
  }
}
