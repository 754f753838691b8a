// Hostile strings for the XSS tests (browser and node side): markup, a script URL, a template injection
// and text that a careless placeholder fill or a control-character filter would change.
export const XSS = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  scriptUrl: 'javascript:window.__xss=1',
  template: "{{constructor.constructor('window.__xss=1')()}}",
  // NUL, right-to-left override, zero-width space, BOM, an astral character, replacement patterns of
  // String.prototype.replace and our own placeholders; 50 characters at most so it is also a valid tag.
  unicode: "nul\u0000 rtl\u202Egnp.exe zw\u200B\uFEFF \u{1D54F} $& $' {name} {message}",
} as const;

export const CORPUS: readonly string[] = Object.values(XSS);

/** A tag of 51-60 characters: the server refuses it and quotes it whole in its error message. */
export const ECHOED_TAG = '<img src=x onerror=window.__xss=1><svg onload=__xss=1>';
