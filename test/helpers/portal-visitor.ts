// A portal visitor over real HTTP without a browser: node:http requests with a cookie jar, redirects
// followed by hand (across the gallery server and an OpenID provider), forms read and posted as a browser
// would, and optionally another Host header (a portal's own domain) or source address (127.0.0.x).
import { request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The URL that answered (after redirects). */
  url: string;
}

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

export class PortalVisitor {
  private cookies: StoredCookie[] = [];

  /**
   * `hosts` maps a host name to the real origin it is served on (a portal's own domain, on this machine);
   * `localAddress` is the address requests come from.
   */
  constructor(private readonly options: { hosts?: Record<string, string>; localAddress?: string } = {}) {}

  /** GET, following redirects. */
  get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.follow('GET', url, undefined, headers);
  }

  /** POST a url-encoded form, following redirects. */
  post(url: string, fields: Record<string, string>): Promise<Answer> {
    return this.follow('POST', url, new URLSearchParams(fields).toString());
  }

  /** Fills and posts the form of `page` whose action ends with `action`, as a browser would. */
  submit(page: Answer, action: string, fields: Record<string, string>): Promise<Answer> {
    const csrf = /name="csrf" value="([^"]*)"/.exec(page.body)?.[1] ?? '';
    return this.post(new URL(action, page.url).href, { csrf, ...fields });
  }

  /** Posts the page's first POST form with its hidden fields and `fields` (a provider's login or consent). */
  postForm(page: Answer, fields: Record<string, string> = {}): Promise<Answer> {
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(page.body);
    if (!form) throw new Error(`no form on ${page.url}: ${page.body.slice(0, 300)}`);
    const hidden: Record<string, string> = {};
    for (const input of (form[2] as string).matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      if (name) hidden[name] = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    }
    return this.post(new URL((form[1] as string).replaceAll('&amp;', '&'), page.url).href, {
      ...hidden,
      ...fields,
    });
  }

  cookie(name: string): StoredCookie | undefined {
    return this.cookies.find((cookie) => cookie.name === name);
  }

  /** Raw Set-Cookie lines of every answer, for attribute checks. */
  readonly setCookies: string[] = [];

  private async follow(
    method: string,
    url: string,
    body: string | undefined,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    let answer = await this.send(method, url, body, headers);
    for (let hop = 0; hop < 10 && answer.status >= 300 && answer.status < 400; hop++) {
      const location = answer.headers.location as string | undefined;
      if (!location) break;
      const next = new URL(location, answer.url).href;
      // 303 (and a POST's 302) turn into a GET, as browsers do.
      answer = await this.send('GET', next, undefined, {});
    }
    return answer;
  }

  private send(
    method: string,
    url: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<Answer> {
    const target = new URL(url);
    const real = new URL(this.options.hosts?.[target.hostname] ?? target.origin);
    const cookie = this.cookies
      .filter((each) => each.host === target.hostname && target.pathname.startsWith(each.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((each) => `${each.name}=${each.value}`)
      .join('; ');
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          method,
          host: real.hostname,
          port: real.port,
          path: `${target.pathname}${target.search}`,
          localAddress: this.options.localAddress,
          headers: {
            host: target.host,
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined
              ? {
                  'content-type': 'application/x-www-form-urlencoded',
                  'content-length': Buffer.byteLength(body),
                }
              : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            this.remember(target, response.headers['set-cookie'] ?? []);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              url,
            });
          });
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  private remember(url: URL, lines: string[]): void {
    for (const line of lines) {
      this.setCookies.push(line);
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const gone = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
      this.cookies = this.cookies.filter(
        (c) => !(c.name === name && c.path === path && c.host === url.hostname),
      );
      if (!gone) this.cookies.push({ name, value, host: url.hostname, path });
    }
  }
}
