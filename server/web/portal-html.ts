// The HTML of the portal pages: the landing page with its galleries, sign-in, registration and notices
// (not found, closed, too many tries). Styled by /portal-assets/portal.css; no inline script or style, and
// every text from the API or a visitor goes in through escapeHtml.
import type { SignInMethods, Visitor } from '../auth/portal-access.ts';
import { escapeHtml } from '../html.ts';
import type { PortalPage } from '../services/portals.ts';

/** What every page of one portal shows in its header. */
export interface PortalChrome {
  /** The portal's name. */
  title: string;
  /** Where its pages are: `/portals/<subdomain>/`, or `/` on its own domain. */
  base: string;
  visitor: Visitor | null;
  /** The sign-out form's CSRF token (with a visitor). */
  csrf?: string;
}

/** A notice on a form page: what went wrong and what to do. */
export interface Notice {
  heading: string;
  text: string;
}

const STYLESHEET = '/portal-assets/portal.css';

/** The portal's name as it shows: `args.title`, else the subdomain. */
export function portalTitle(portal: PortalPage['portal']): string {
  const title = portal.args.title;
  return typeof title === 'string' && title.trim() !== '' ? title : portal.subdomain;
}

function document(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET}">
${head}</head>
<body>
${body}
</body>
</html>
`;
}

const visitorName = (visitor: Visitor): string => (visitor.kind === 'simple' ? visitor.name : visitor.email);

function header(chrome: PortalChrome): string {
  const initial = Array.from(chrome.title.trim())[0] ?? '·';
  const account =
    chrome.visitor && chrome.csrf
      ? `<div class="account">
<span class="who"><span class="who-label">Signed in as </span><strong>${escapeHtml(visitorName(chrome.visitor))}</strong></span>
<form method="post" action="${escapeHtml(chrome.base)}sign-out">
<input type="hidden" name="csrf" value="${escapeHtml(chrome.csrf)}">
<button class="button ghost" type="submit">Sign out</button>
</form>
</div>`
      : '';
  // The skip link sits inside the banner landmark: with the lightbox open, axe's region rule flagged it as
  // content outside every landmark (it passed the skip-link exemption only while the lightbox was closed).
  return `<header class="site-header">
<a class="skip-link" href="#content">Skip to content</a>
<div class="wrap bar">
<a class="brand" href="${escapeHtml(chrome.base)}"><span class="mark" aria-hidden="true">${escapeHtml(initial)}</span><span class="brand-name">${escapeHtml(chrome.title)}</span></a>
${account}
</div>`;
}

const FOOTER = `<footer class="site-footer"><div class="wrap">Media hosted with gallery-elements</div></footer>`;

/** The landing page: the portal's name and description, then each gallery as a <gallery-view> with its lightbox. */
export function portalPageHtml(page: PortalPage, chrome: PortalChrome, apiBaseUrl: string): string {
  const description = page.portal.args.description;
  const count = page.galleries.length;
  const sections = page.galleries
    .map(
      (gallery, index) => `<section class="gallery" aria-labelledby="gallery-${index + 1}">
<h2 id="gallery-${index + 1}">${escapeHtml(gallery.name)}</h2>
<gallery-view base-url="${escapeHtml(apiBaseUrl)}" fid="${escapeHtml(gallery.fid)}" token="${escapeHtml(page.token)}" tile-width="170"></gallery-view>
</section>`,
    )
    .join('\n');
  const body = `${header(chrome)}
<div class="wrap hero">
<h1>${escapeHtml(chrome.title)}</h1>
${typeof description === 'string' && description !== '' ? `<p class="lede">${escapeHtml(description)}</p>` : ''}
<p class="meta">${count === 1 ? '1 gallery' : `${count} galleries`}</p>
</div>
</header>
<main id="content" class="wrap galleries">
${sections || '<p class="empty">No galleries here yet.</p>'}
</main>
${FOOTER}`;
  return document(
    chrome.title,
    body,
    '<script type="module" src="/elements/gallery-elements.js"></script>\n',
  );
}

function alert(notice: Notice | undefined): string {
  if (!notice) return '';
  return `<div class="alert" role="alert"><strong>${escapeHtml(notice.heading)}</strong><p>${escapeHtml(notice.text)}</p></div>`;
}

function card(chrome: PortalChrome, pageTitle: string, inner: string): string {
  const body = `${header(chrome)}
</header>
<main id="content" class="auth-main">
<div class="card">
${inner}
</div>
</main>
${FOOTER}`;
  return document(`${pageTitle} · ${chrome.title}`, body);
}

export interface SignInPage {
  methods: SignInMethods;
  /** The CSRF token of the form. */
  csrf: string;
  /** The name the visitor typed, kept after a refusal. */
  identifier?: string;
  notice?: Notice;
  /** The OpenID provider's host, for the button. */
  provider?: string;
}

/** The label and input type of the sign-in form's first field, by what the portal accepts. */
function identifierField(methods: SignInMethods, simpleUsers: boolean): { label: string; type: string } {
  if (methods.accounts && simpleUsers) return { label: 'E-mail or user name', type: 'text' };
  if (methods.accounts) return { label: 'E-mail', type: 'email' };
  return { label: 'User name', type: 'text' };
}

export function signInPageHtml(chrome: PortalChrome, page: SignInPage, simpleUsers: boolean): string {
  const base = escapeHtml(chrome.base);
  const field = identifierField(page.methods, simpleUsers);
  const form = page.methods.password
    ? `<form class="stack" method="post" action="${base}sign-in">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
<div class="field"><label for="identifier">${field.label}</label>
<input id="identifier" name="identifier" type="${field.type}" autocomplete="username" required value="${escapeHtml(page.identifier ?? '')}"></div>
<div class="field"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required></div>
<button class="button primary" type="submit">Sign in</button>
</form>`
    : '';
  const openid = page.methods.openid
    ? `${form ? '<div class="divider">or</div>' : ''}<a class="button secondary" href="${base}openid">Continue with ${escapeHtml(page.provider ?? 'OpenID')}</a>`
    : '';
  const register = page.methods.register
    ? `<p class="switch">New here? <a href="${base}register">Create an account</a></p>`
    : '';
  return card(
    chrome,
    'Sign in',
    `<h1>Sign in</h1>
<p class="sub">to continue to <strong>${escapeHtml(chrome.title)}</strong></p>
${alert(page.notice)}
${form}
${openid}
${register}`,
  );
}

export interface RegisterPage {
  csrf: string;
  email?: string;
  notice?: Notice;
  /** False: registration is closed, the page says so instead of showing the form. */
  open: boolean;
  minPassword: number;
}

export function registerPageHtml(chrome: PortalChrome, page: RegisterPage): string {
  const base = escapeHtml(chrome.base);
  const form = page.open
    ? `<form class="stack" method="post" action="${base}register">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
<div class="field"><label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(page.email ?? '')}"></div>
<div class="field"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${page.minPassword}" required aria-describedby="password-hint">
<p class="hint" id="password-hint">At least ${page.minPassword} characters.</p></div>
<button class="button primary" type="submit">Create account</button>
</form>`
    : '';
  return card(
    chrome,
    'Create an account',
    `<h1>Create an account</h1>
<p class="sub">for <strong>${escapeHtml(chrome.title)}</strong></p>
${alert(page.notice)}
${form}
<p class="switch">Have an account? <a href="${base}sign-in">Sign in</a></p>`,
  );
}

export interface MessagePage {
  /** The short status line above the heading, e.g. "Error 404". */
  code: string;
  heading: string;
  text: string;
  /** A link onward. */
  action?: { href: string; label: string };
}

/** A notice page of a portal (too many tries, a form that expired), in the portal's header. */
export function portalMessageHtml(chrome: PortalChrome, message: MessagePage): string {
  return card(chrome, message.heading, messageBody(message));
}

function messageBody(message: MessagePage): string {
  const action = message.action
    ? `<p class="actions"><a class="button secondary" href="${escapeHtml(message.action.href)}">${escapeHtml(message.action.label)}</a></p>`
    : '';
  return `<div class="notice">
<p class="code">${escapeHtml(message.code)}</p>
<h1>${escapeHtml(message.heading)}</h1>
<p>${escapeHtml(message.text)}</p>
${action}
</div>`;
}

/** A notice page outside any portal (no such portal). */
export function messageHtml(message: MessagePage): string {
  const body = `<main id="content" class="auth-main">
<div class="card">
${messageBody(message)}
</div>
</main>`;
  return document(message.heading, body);
}
