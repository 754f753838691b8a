// Serves an active portal at /portals/<subdomain>/: its galleries as <gallery-view> elements; HTTP Basic
// with the portal's simple users when it is not public.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { escapeHtml } from '../html.ts';
import type { Services } from '../services/index.ts';
import type { PortalPage } from '../services/portals.ts';

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal not found</title></head>
<body><h1>Portal not found</h1><p>This portal does not exist or is not active.</p></body></html>`;

function basicCredentials(request: FastifyRequest): { user: string; password: string } | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function render(ctx: ServerContext, page: PortalPage): string {
  const title = typeof page.portal.args.title === 'string' ? page.portal.args.title : page.portal.subdomain;
  const baseUrl = `${ctx.publicUrl()}/v2/`;
  const sections = page.galleries
    .map(
      (gallery) => `<section>
<h2>${escapeHtml(gallery.name)}</h2>
<gallery-view base-url="${escapeHtml(baseUrl)}" fid="${escapeHtml(gallery.fid)}" token="${escapeHtml(page.token)}"></gallery-view>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<script type="module" src="/elements/gallery-elements.js"></script>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${sections || '<p>No galleries yet.</p>'}
</main>
</body>
</html>
`;
}

export function registerPortalPages(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_FOUND_PAGE);

  app.get('/portals/:subdomain', async (request, reply) => {
    const { subdomain } = request.params as { subdomain: string };
    if (!services.portals.page(subdomain)) return notFound(reply);
    return reply.redirect(`/portals/${encodeURIComponent(subdomain)}/`, 301);
  });

  app.get('/portals/:subdomain/', async (request, reply) => {
    const { subdomain } = request.params as { subdomain: string };
    const page = services.portals.page(subdomain);
    if (!page) return notFound(reply);
    if (page.portal.allow_public === 'no') {
      const credentials = basicCredentials(request);
      const allowed =
        credentials !== undefined &&
        (await services.portals.verifyUser(subdomain, credentials.user, credentials.password));
      if (!allowed) {
        return reply
          .code(401)
          .header('www-authenticate', `Basic realm="${subdomain}", charset="UTF-8"`)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send('<!doctype html><title>Sign in required</title><h1>Sign in required</h1>');
      }
    }
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(render(ctx, page));
  });
}
