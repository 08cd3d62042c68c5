// One place where a call from any host meets the core: the method is looked up in the contract,
// the arguments are validated by its zod schema, and every outcome becomes a Result.
import { AisleError, type ContractError, type Result } from './errors.ts';
import { methods, type MethodName, type MethodResult, type ParsedArgs } from './methods.ts';

export type Handlers = { [M in MethodName]: (args: ParsedArgs<M>) => Promise<MethodResult<M>> | MethodResult<M> };

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.hasOwn(methods, name);
}

export interface DispatchOptions {
  /** Called with unexpected (non-AisleError) failures; never receives arguments, which may hold secrets. */
  onInternalError?: (method: string, error: unknown) => void;
}

export async function dispatch(handlers: Handlers, method: unknown, rawArgs: unknown, options: DispatchOptions = {}): Promise<Result<unknown>> {
  if (!isMethodName(method)) {
    return fail({ code: 'unknown_method', message: `Unknown method: ${String(method).slice(0, 80)}` });
  }
  const parsed = methods[method].args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'arguments';
    return fail({ code: 'invalid_argument', message: `Invalid ${where} for ${method}: ${issue?.message ?? 'rejected'}` });
  }
  try {
    const handler = handlers[method] as (args: unknown) => unknown;
    const value = await handler(parsed.data);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof AisleError) return fail(error.toContractError());
    options.onInternalError?.(method, error);
    return fail({ code: 'internal', message: `Something went wrong in ${method}.` });
  }
}

function fail(error: ContractError): Result<never> {
  return { ok: false, error };
}
