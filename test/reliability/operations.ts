// Every API v2 operation with its method and parameter names, read from the contract's table, for the fuzz
// test; aliases are operations of their own here. The upload POST itself (`/upload?…`) takes a signed URL
// and a multipart body: see upload-bodies.ts.
import { OPERATION_NAMES, type OperationName, OPERATIONS as TABLE } from '../../src/contract/index.ts';

export interface OperationInfo {
  name: string;
  method: 'GET' | 'POST';
  params: string[];
  /** Path under `/v2/` when it is not `<name>.json`. */
  path?: string;
}

/** Parameters the table does not name but the fuzz sends too: asset.set_meta's `custom.NAME` fields. */
const EXTRA_PARAMS: Partial<Record<OperationName, string[]>> = { 'asset.set_meta': ['custom.color'] };

export const OPERATIONS: OperationInfo[] = OPERATION_NAMES.flatMap((name) => {
  const operation = TABLE[name];
  const info = {
    method: operation.method,
    params: [...Object.keys(operation.params), ...(EXTRA_PARAMS[name] ?? [])],
    // With an api_token upload.iframe answers the <iframe> embed code; with an upload_token it is the page.
    ...('path' in operation ? { path: operation.path } : {}),
  };
  const aliases = 'aliases' in operation ? operation.aliases : [];
  return [name, ...aliases].map((served) => ({ name: served, ...info }));
});
