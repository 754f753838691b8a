// A real OpenID Connect provider for tests: oidc-provider (the certified Node implementation) on a free
// 127.0.0.1 port, with its development login and consent pages and the test accounts below. Start it
// before the gallery server (which needs the issuer), then register the server as its client.
import { createServer, type Server } from 'node:http';
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
  /** Registers the gallery server's callback as the client's one redirect URI; call once. */
  registerClient(redirectUri: string): void;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let provider: Provider | undefined;
  server.on('request', (request, response) => {
    if (!provider) {
      response.writeHead(503).end('no client registered yet');
      return;
    }
    provider.callback()(request, response);
  });
  return {
    issuer,
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
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
