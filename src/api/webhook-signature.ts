// Checks the signatures of a webhook delivery with Web Crypto (Node 20+ and browsers alike).

export interface VerifyWebhookSignatureOptions {
  /** The raw request body exactly as received (the string, or its bytes). */
  body: string | Uint8Array;
  /** The `X-Webhook-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
  header: string | null | undefined;
  /** The webhook's security_key. */
  securityKey: string;
  /** Largest accepted age (or clock skew) of `t`, in seconds; default 300. 0 turns the time check off. */
  toleranceSeconds?: number;
  /** Current time in ms since the epoch (for tests); default Date.now(). */
  now?: number;
}

const encoder = new TextEncoder();

async function hmacHex(key: string, data: Uint8Array): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, data as Uint8Array<ArrayBuffer>));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares without stopping at the first difference, so timing tells nothing about the expected value. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function concat(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/**
 * Verifies the `X-Webhook-Signature` header of a delivery: `v1` must be HEX(HMAC-SHA256(securityKey,
 * t + "." + body)) and `t` within `toleranceSeconds` of now, over the body exactly as received (read it
 * raw, before any JSON parser). Resolves to true or false; never throws.
 *
 * The body is flat, as the hosted service's: `{ event, id, created, ...record }`, with an asset's rid
 * also as `drid` (type `WebhookPayload`).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * // Exported by `gallery-elements/api`; this file alone has no dependencies and can be copied into a receiver.
 * import { type WebhookPayload, verifyWebhookSignature, verifyWebhookUrlSignature } from 'gallery-elements/api';
 *
 * createServer(async (req, res) => {
 *   const chunks: Buffer[] = [];
 *   for await (const chunk of req) chunks.push(chunk);
 *   const body = Buffer.concat(chunks).toString('utf8');
 *   const key = process.env.WEBHOOK_KEY ?? '';
 *   const ok =
 *     (await verifyWebhookSignature({ body, header: req.headers['x-webhook-signature'] as string, securityKey: key })) &&
 *     (await verifyWebhookUrlSignature({ url: `https://example.com${req.url}`, securityKey: key }));
 *   if (!ok) return res.writeHead(401).end();
 *   const payload = JSON.parse(body) as WebhookPayload; // de-duplicate on payload.id: at-least-once
 *   if (payload.event === 'asset.updated') console.log(payload.drid, payload.caption, payload.reference_id);
 *   res.writeHead(204).end();
 * }).listen(3000);
 * ```
 */
export async function verifyWebhookSignature(options: VerifyWebhookSignatureOptions): Promise<boolean> {
  const { header, securityKey } = options;
  if (!header || !securityKey) return false;
  const fields = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    fields.set(name, [...(fields.get(name) ?? []), part.slice(eq + 1).trim()]);
  }
  const t = fields.get('t')?.[0];
  const signatures = fields.get('v1') ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return false;
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = (options.now ?? Date.now()) / 1000;
  if (tolerance > 0 && Math.abs(nowSeconds - Number(t)) > tolerance) return false;
  const body = typeof options.body === 'string' ? encoder.encode(options.body) : options.body;
  const expected = await hmacHex(securityKey, concat(encoder.encode(`${t}.`), body));
  return signatures.some((signature) => sameText(signature.toLowerCase(), expected));
}

export interface VerifyWebhookUrlSignatureOptions {
  /**
   * The full callback URL as received, including its `signature` query parameter. Pass the text: a URL
   * object re-serialises it (e.g. adds `/` to a bare origin), which may no longer match what was registered.
   */
  url: string | URL;
  securityKey: string;
}

/**
 * Verifies the `signature` query parameter of a callback URL: HEX(HMAC-SHA256(securityKey, hook_url)),
 * where hook_url is the registered URL (the received one without `signature`).
 */
export async function verifyWebhookUrlSignature(options: VerifyWebhookUrlSignatureOptions): Promise<boolean> {
  if (!options.securityKey || !options.url) return false;
  // The service appended `signature` last to the URL exactly as registered: the registered URL is the text
  // before it. Work on the text, not a parsed URL, whose serialisation may differ from what was registered.
  const text = String(options.url);
  const at = Math.max(text.lastIndexOf('?signature='), text.lastIndexOf('&signature='));
  if (at < 0) return false;
  const signature = text.slice(at + '?signature='.length);
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = await hmacHex(options.securityKey, encoder.encode(text.slice(0, at)));
  return sameText(signature.toLowerCase(), expected);
}
