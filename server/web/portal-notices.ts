// What the portal pages say when a visitor is refused: one heading and text per reason, and its status.
import type { OpenIdFailure } from '../auth/openid.ts';
import type { SignInRefusal } from '../auth/portal-sign-in.ts';
import type { MessagePage, Notice } from './portal-html.ts';

export function refusalNotice(refusal: SignInRefusal, email?: string): { status: number; notice: Notice } {
  const who = email ?? 'This account';
  switch (refusal) {
    case 'wrong-password':
      return {
        status: 401,
        notice: {
          heading: 'Wrong e-mail or password',
          text: 'Check both and try again. Passwords are case-sensitive.',
        },
      };
    case 'not-allowed':
      return {
        status: 403,
        notice: {
          heading: 'Not allowed on this portal',
          text: `${who} is not on this portal's list of people or domains. Ask its owner to add you.`,
        },
      };
    case 'registration-closed':
      return {
        status: 403,
        notice: {
          heading: 'Registration is closed',
          text: 'This portal does not take new accounts. Ask its owner for access.',
        },
      };
    case 'account-exists':
      return {
        status: 409,
        notice: {
          heading: 'This e-mail has an account',
          text: `${who} is registered already: sign in with its password instead.`,
        },
      };
    case 'invalid-email':
      return {
        status: 400,
        notice: { heading: 'Not an e-mail address', text: 'Enter an address such as name@example.com.' },
      };
    case 'weak-password':
      return {
        status: 400,
        notice: { heading: 'Password too short', text: 'Choose a password of at least 8 characters.' },
      };
    case 'unverified-email':
      return {
        status: 403,
        notice: {
          heading: 'E-mail address not verified',
          text: `Your identity provider has not verified ${who}. Verify it there, then sign in again.`,
        },
      };
    case 'throttled':
      return {
        status: 429,
        notice: { heading: 'Too many attempts', text: 'Wait a few minutes, then try again.' },
      };
  }
}

export function openidNotice(failure: OpenIdFailure, detail: string): { status: number; notice: Notice } {
  switch (failure) {
    case 'unreachable':
      return {
        status: 502,
        notice: {
          heading: 'Sign-in provider unavailable',
          text: 'The identity provider could not be reached. Try again in a moment.',
        },
      };
    case 'provider-error':
      return {
        status: 403,
        notice: { heading: 'The provider did not sign you in', text: `It answered: ${detail}.` },
      };
    case 'no-email':
      return {
        status: 403,
        notice: {
          heading: 'No e-mail address',
          text: 'Your identity provider did not share your e-mail address, which this portal needs.',
        },
      };
    case 'no-flow':
    case 'invalid-answer':
      return {
        status: 400,
        notice: {
          heading: 'Sign-in could not be completed',
          text: 'The answer from the identity provider was not valid for this browser. Start again.',
        },
      };
  }
}

export const NOT_FOUND: MessagePage = {
  code: 'Error 404',
  heading: 'Portal not found',
  text: 'There is no active portal at this address. It may have been ceased, renamed or removed.',
};

export function closedMessage(openidRulesWithoutProvider: boolean): MessagePage {
  return {
    code: 'Private portal',
    heading: 'Nobody can enter this portal',
    text: openidRulesWithoutProvider
      ? 'It admits OpenID sign-in only, and this server has no OpenID provider set up. Ask its owner.'
      : 'It is restricted, and its owner has not given anyone access yet: there is no way to sign in. Ask the owner if you expected to see it.',
  };
}

export function throttledMessage(retryAfterSeconds: number, base: string): MessagePage {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    code: 'Error 429',
    heading: 'Too many sign-in attempts',
    text: `Too many wrong passwords came from your address. Wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`}, then try again.`,
    action: { href: `${base}sign-in`, label: 'Back to sign-in' },
  };
}

export function expiredFormMessage(base: string): MessagePage {
  return {
    code: 'Error 403',
    heading: 'This form has expired',
    text: 'For your safety the form could not be sent. Go back, reload the page and try again.',
    action: { href: `${base}sign-in`, label: 'Back to sign-in' },
  };
}

export const SPENT_SIGN_IN: MessagePage = {
  code: 'Error 400',
  heading: 'This sign-in link is spent',
  text: 'It was used already, has expired, or was started in another browser. Go back to the portal and sign in again.',
};
