/**
 * Loads edge functions into this Deno process. A function module calls `Deno.serve(handler)` at its
 * top level exactly as on hosted Supabase; while its module is being imported, Deno.serve is the capture
 * below, which records the handler (and the function's own onError, if given) instead of opening a port.
 * The runtime then calls that handler for the function's requests. Modules are imported one at a time,
 * so a Deno.serve call is always attributed to the module being loaded.
 */

export type FunctionHandler = (
  req: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

export interface LoadedFunction {
  handler: FunctionHandler;
  /** The function's `onError` option, which Deno.serve would call when its handler throws. */
  onError?: (error: unknown) => Response | Promise<Response>;
}

interface ServeArguments {
  handler?: unknown;
  onError?: unknown;
}

/** Accepts every Deno.serve overload: (handler), (options, handler), ({ handler, ...options }). */
function functionFromServeArguments(args: unknown[]): LoadedFunction {
  const [first, second] = args;
  const options: ServeArguments = typeof first === 'object' && first !== null ? (first as ServeArguments) : {};
  const handler = typeof first === 'function' ? first : typeof second === 'function' ? second : options.handler;
  if (typeof handler !== 'function') throw new TypeError('Deno.serve was called without a handler');
  const onError = typeof options.onError === 'function' ? options.onError : undefined;
  return {
    handler: handler as FunctionHandler,
    onError: onError as LoadedFunction['onError'],
  };
}

/** What Deno.serve returns to the function: a server that is "listening" on the runtime's address. */
function virtualServer(addr: Deno.NetAddr): Deno.HttpServer<Deno.NetAddr> {
  const server = {
    addr,
    finished: new Promise<void>(() => {}),
    ref() {},
    unref() {},
    shutdown: () => Promise.resolve(),
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
  return server as Deno.HttpServer<Deno.NetAddr>;
}

export interface FunctionLoader {
  /**
   * Imports the function's module and returns the handler its Deno.serve call registered. The module is
   * imported under a URL naming the function, so two functions with one entrypoint each get their own
   * instance (as each gets its own worker on hosted Supabase).
   */
  load(functionName: string, entrypoint: URL): Promise<LoadedFunction>;
}

/**
 * Replaces Deno.serve for the rest of the process and returns the loader. `addr` is what a function sees
 * as its server's address (the runtime's own listening address).
 */
export function installServeCapture(addr: Deno.NetAddr): FunctionLoader {
  let loading: { entrypoint: URL; captured: LoadedFunction | null } | null = null;

  const capture = (...args: unknown[]): Deno.HttpServer<Deno.NetAddr> => {
    if (!loading) {
      // A Deno.serve call after the module finished loading (from a timer, say) cannot be attributed.
      console.error('edge functions: Deno.serve called outside module loading; ignored');
    } else if (loading.captured) {
      console.error(`edge functions: ${loading.entrypoint.href} called Deno.serve twice; the first handler serves`);
    } else {
      loading.captured = functionFromServeArguments(args);
    }
    return virtualServer(addr);
  };
  Deno.serve = capture as unknown as typeof Deno.serve;

  return {
    async load(functionName, entrypoint) {
      if (loading) throw new Error('edge functions: modules must be loaded one at a time');
      loading = { entrypoint, captured: null };
      const instance = new URL(entrypoint);
      instance.searchParams.set('function', functionName);
      try {
        await import(instance.href);
        if (!loading.captured) throw new Error(`${entrypoint.href} did not call Deno.serve`);
        return loading.captured;
      } finally {
        loading = null;
      }
    },
  };
}
