// A real OpenID Connect provider for tests: oidc-provider (the certified Node implementation) on a free
// 127.0.0.1 port, with its development login and consent pages and the test accounts below. Start it
// before the gallery server (which needs the issuer), then register the server as its client.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Login names of the provider's accounts and the claims each one has. */
export const OIDC_ACCOUNTS = {
  /** Listed by address, verified. */
  listed: { email: 'lena@listed.test', email_verified: true },
  /** In a listed domain, verified. */
  colleague: { email: 'carl@corp.test', email_verified: true },
  /** Verified, but of another domain. */
  outsider: { email: 'otto@elsewhere.test', email_verified: true },
  /** Listed by address, but the provider has not verified it. */
  unverified: { email: 'una@listed.test', email_verified: false },
} as const;

export const OIDC_CLIENT = {
  clientId: 'gallery-portals',
  clientSecret: 'a-client-secret-for-tests-only-0123456789',
};

export interface TestProvider {
  issuer: string;
  /** While true, the token endpoint's ID tokens reach the client with a broken signature. */
  breakIdTokenSignatures: boolean;
  /** Registers the gallery server's callback as the client's one redirect URI; call once. */
  registerClient(redirectUri: string): void;
  close(): Promise<void>;
}

/** The token endpoint's JSON with the ID token's signature changed in its last characters. */
function breakSignature(body: Buffer): Buffer {
  const answer = JSON.parse(body.toString('utf8')) as { id_token?: string };
  if (answer.id_token) {
    const [header, payload, signature = ''] = answer.id_token.split('.');
    const flipped = `${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    answer.id_token = `${header}.${payload}.${flipped}`;
  }
  return Buffer.from(JSON.stringify(answer));
}

export async function startOidcProvider(): Promise<TestProvider> {
  // The provider listens behind a small proxy, which is its public address (the issuer): the proxy can
  // break what the provider signs, to show the server checks it.
  const inner: Server = createServer();
  const server: Server = createServer();
  await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const innerPort = (inner.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let provider: Provider | undefined;
  inner.on('request', (request, response) => {
    if (!provider) {
      response.writeHead(503).end('no client registered yet');
      return;
    }
    provider.callback()(request, response);
  });
  const state = { breakIdTokenSignatures: false };
  server.on('request', (request, response) => {
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port: innerPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body: Buffer = Buffer.concat(chunks);
          const token = request.method === 'POST' && request.url?.split('?')[0] === '/token';
          if (token && answer.statusCode === 200 && state.breakIdTokenSignatures) body = breakSignature(body);
          response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': body.length });
          response.end(body);
        });
      },
    );
    forward.on('error', () => response.writeHead(502).end());
    request.pipe(forward);
  });
  return {
    issuer,
    get breakIdTokenSignatures() {
      return state.breakIdTokenSignatures;
    },
    set breakIdTokenSignatures(value: boolean) {
      state.breakIdTokenSignatures = value;
    },
    registerClient(redirectUri) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: OIDC_CLIENT.clientId,
            client_secret: OIDC_CLIENT.clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'] },
        // The e-mail claims go into the ID token itself, whose signature the server checks.
        conformIdTokenClaims: false,
        cookies: { keys: ['oidc-provider-test-cookie-key'] },
        features: { devInteractions: { enabled: true } },
        async findAccount(_ctx, id) {
          const claims = (OIDC_ACCOUNTS as Record<string, { email: string; email_verified: boolean }>)[id];
          if (!claims) return undefined;
          return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
        },
      });
    },
    async close() {
      for (const each of [server, inner]) {
        each.closeAllConnections();
        await new Promise<void>((resolve) => each.close(() => resolve()));
      }
    },
  };
}
