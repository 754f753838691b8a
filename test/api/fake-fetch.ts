// A recording fake fetch for client tests: every request is kept; answers come from a responder function.
export interface RecordedRequest {
  method: string;
  url: URL;
  /** Decoded query parameters. */
  query: Record<string, string>;
  body: BodyInit | null | undefined;
  headers: Headers;
}

export type Responder = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
}

/** Answers through `responder`; a pending answer rejects with the signal's reason when it aborts. */
export function fakeFetch(responder: Responder): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fetchImpl = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      query: Object.fromEntries(url.searchParams),
      body: init.body,
      headers: new Headers(init.headers),
    };
    const index = requests.push(request) - 1;
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Response>((resolve, reject) => {
      // A real fetch keeps the process alive while it waits (the timeout's own timer does not): so does this.
      const keepAlive = setTimeout(() => reject(new Error('fake fetch: no answer within 10 s')), 10_000);
      const done = () => {
        clearTimeout(keepAlive);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        done();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      Promise.resolve()
        .then(() => responder(request, index))
        .then(resolve, reject)
        .finally(done);
    });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** A JSON response with the given status and headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A success envelope around `fields`. */
export function ok(fields: Record<string, unknown> = {}): Response {
  return json({ success: true, runtime: 1, ...fields });
}

/** The decided failure envelope. */
export function fail(status: number, code: string, message = `failed with ${code}`, headers = {}): Response {
  return json({ success: false, runtime: 1, code, message }, status, headers);
}

/** A promise that never settles unless the request's signal aborts (for timeout and abort tests). */
export function never(): Promise<Response> {
  return new Promise(() => {});
}
