// The signatures of a delivery: `signature` on the callback URL and `X-Webhook-Signature` over time and body.
import { createHmac } from 'node:crypto';

const hmacHex = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex');

/** HEX(HMAC-SHA256(security_key, hook_url)), appended to the callback URL as `signature`. */
export function urlSignature(securityKey: string, hookUrl: string): string {
  return hmacHex(securityKey, hookUrl);
}

/** `t=<unix seconds>,v1=HEX(HMAC-SHA256(security_key, t + "." + body))`. */
export function bodySignatureHeader(securityKey: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(securityKey, `${unixSeconds}.${body}`)}`;
}

/** The callback URL of a hook: its own URL with the signature parameter added. */
export function signedHookUrl(securityKey: string, hookUrl: string): string {
  // Appended as text so the receiver finds the registered URL unchanged before it.
  return `${hookUrl}${hookUrl.includes('?') ? '&' : '?'}signature=${urlSignature(securityKey, hookUrl)}`;
}
