import { getErrorMessage } from '~/utils/errors';
import { HttpError, MethodNotAllowedError } from './errors';

/** Map any thrown value to a response: HttpErrors to their payload, anything else to a logged 500. */
export function errorResponse(error: unknown): Response {
  if (error instanceof Response) {
    return error;
  }
  if (error instanceof HttpError) {
    return Response.json(error.toBody(), { status: error.status, headers: error.headers });
  }
  console.error('[api] unexpected error:', error instanceof Error ? error.stack : getErrorMessage(error));
  return Response.json({ errors: ['Something went wrong.'] }, { status: 500 });
}

/** Run a route body and map whatever it throws. Every /api route goes through this. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorResponse(error);
  }
}

type MethodHandlers = Partial<Record<'POST' | 'PUT' | 'PATCH' | 'DELETE', () => Promise<Response>>>;

/** Dispatch a Remix action by HTTP method; other methods get 405 with an Allow header. */
export function byMethod(request: Request, handlers: MethodHandlers): Promise<Response> {
  return handle(async () => {
    const run = handlers[request.method.toUpperCase() as keyof MethodHandlers];
    if (!run) {
      throw new MethodNotAllowedError(Object.keys(handlers));
    }
    return run();
  });
}

/** For a route's loader when the route only accepts other methods (GET would otherwise be a Remix error). */
export function methodNotAllowed(allowed: string[]): Response {
  return errorResponse(new MethodNotAllowedError(allowed));
}
