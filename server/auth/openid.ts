// Sign-in through the OpenID Connect provider configured on the server, with openid-client: discovery,
// the authorization code flow with PKCE, state and nonce, and the ID token's signature checked against the
// issuer's JWKS. Each flow under way is a database row named by a cookie, removed when its callback is
// answered, so a replayed or forged callback finds nothing to complete.
import * as client from 'openid-client';
import type { Clock } from '../clock.ts';
import { newSecret, sha256 } from '../ids.ts';
import type { PortalSessionStore } from '../store/portal-sessions.ts';

export interface OpenIdOptions {
  /** The issuer URL; its `/.well-known/openid-configuration` is read on first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** How long a visitor may stay at the provider before the sign-in must start again. */
const FLOW_TTL_MS = 10 * 60 * 1000;
const DISCOVERY_TIMEOUT_S = 10;

export type OpenIdFailure =
  /** The provider could not be reached or answered something unreadable. */
  | 'unreachable'
  /** No sign-in of this browser is waiting for this answer: replayed, expired, or never started here. */
  | 'no-flow'
  /** The provider sent the visitor back with an error (they cancelled, or it refused them). */
  | 'provider-error'
  /** The answer did not check out: state, code, nonce or the ID token's signature. */
  | 'invalid-answer'
  /** The provider named no e-mail address. */
  | 'no-email';

export class OpenIdError extends Error {
  /** The portal the sign-in was for, when the flow was found. */
  readonly portal: string | undefined;
  constructor(
    readonly failure: OpenIdFailure,
    message: string,
    options?: { cause?: unknown; portal?: string },
  ) {
    super(message, options);
    this.portal = options?.portal;
    this.name = 'OpenIdError';
  }
}

export interface OpenIdIdentity {
  portal: string;
  email: string;
  emailVerified: boolean;
}

/** An http:// issuer is accepted on the loopback only (a provider on the same machine, as in tests). */
function loopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export class OpenIdSignIn {
  private config: Promise<client.Configuration> | undefined;

  constructor(
    private readonly options: OpenIdOptions | undefined,
    private readonly flows: PortalSessionStore,
    private readonly clock: Clock,
  ) {}

  get configured(): boolean {
    return this.options !== undefined;
  }

  /** The provider's host name, for the sign-in button. */
  get providerName(): string | undefined {
    return this.options ? new URL(this.options.issuer).host : undefined;
  }

  /** Starts a sign-in for a portal: the cookie value naming the flow and the provider URL to send the visitor to. */
  async start(portal: string, redirectUri: string): Promise<{ flowId: string; url: URL }> {
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const flowId = newSecret();
    const now = this.clock.now();
    this.flows.deleteExpired(now);
    this.flows.insertFlow({
      id_hash: sha256(flowId),
      portal,
      state,
      nonce,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      expires_at: now + FLOW_TTL_MS,
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { flowId, url };
  }

  /** Completes the flow the cookie names with the provider's answer (the callback's query string). */
  async finish(flowId: string | undefined, query: URLSearchParams): Promise<OpenIdIdentity> {
    const flow = flowId ? this.flows.takeFlow(sha256(flowId)) : undefined;
    if (!flow || this.clock.now() >= flow.expires_at) {
      throw new OpenIdError('no-flow', 'This sign-in is not under way in this browser, or it took too long');
    }
    const error = query.get('error');
    if (error) {
      const described = query.get('error_description');
      throw new OpenIdError('provider-error', described ? `${error}: ${described}` : error, {
        portal: flow.portal,
      });
    }
    const config = await this.configuration();
    const callback = new URL(flow.redirect_uri);
    callback.search = query.toString();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(
        config,
        callback,
        {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
        { redirect_uri: flow.redirect_uri },
      );
    } catch (cause) {
      throw new OpenIdError('invalid-answer', (cause as Error).message, { cause, portal: flow.portal });
    }
    const claims = tokens.claims();
    if (!claims)
      throw new OpenIdError('invalid-answer', 'The provider sent no ID token', { portal: flow.portal });
    let { email, email_verified: verified } = claims as { email?: unknown; email_verified?: unknown };
    if (typeof email !== 'string') {
      // Some providers keep the e-mail for the UserInfo endpoint.
      const info = await client
        .fetchUserInfo(config, tokens.access_token, claims.sub)
        .catch((cause: unknown) => {
          throw new OpenIdError('no-email', 'The provider did not say which e-mail address you use', {
            cause,
            portal: flow.portal,
          });
        });
      ({ email, email_verified: verified } = info as { email?: unknown; email_verified?: unknown });
    }
    if (typeof email !== 'string' || email === '') {
      throw new OpenIdError('no-email', 'The provider did not say which e-mail address you use', {
        portal: flow.portal,
      });
    }
    return { portal: flow.portal, email: email.toLowerCase(), emailVerified: verified === true };
  }

  private configuration(): Promise<client.Configuration> {
    const options = this.options;
    if (!options) return Promise.reject(new OpenIdError('unreachable', 'No OpenID provider is configured'));
    this.config ??= (async () => {
      const issuer = new URL(options.issuer);
      const execute = [client.enableNonRepudiationChecks];
      if (issuer.protocol === 'http:' && loopback(issuer)) execute.push(client.allowInsecureRequests);
      return client.discovery(
        issuer,
        options.clientId,
        { client_secret: options.clientSecret },
        client.ClientSecretBasic(options.clientSecret),
        { execute, timeout: DISCOVERY_TIMEOUT_S },
      );
    })().catch((cause: unknown) => {
      this.config = undefined;
      throw new OpenIdError(
        'unreachable',
        `The OpenID provider could not be reached: ${(cause as Error).message}`,
        {
          cause,
        },
      );
    });
    return this.config;
  }
}
