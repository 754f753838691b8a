// Every API v2 operation with its documented method and parameter names, for the fuzz test. The upload
// POST itself (`/upload?…`) takes a signed URL and a multipart body: see upload-bodies.ts.
export interface OperationInfo {
  name: string;
  method: 'GET' | 'POST';
  params: string[];
  /** Path under `/v2/` when it is not `<name>.json`. */
  path?: string;
}

const op = (name: string, method: 'GET' | 'POST', params: string[], path?: string): OperationInfo => ({
  name,
  method,
  params,
  ...(path ? { path } : {}),
});

export const OPERATIONS: OperationInfo[] = [
  op('ping', 'GET', []),
  op('token.get_temp', 'GET', ['ttl', 'permissions', 'rid', 'fid', 'sourceip']),
  op('gallery.create', 'POST', ['name', 'description', 'template', 'copy_args', 'master', 'copy_items']),
  op('gallery.set_meta', 'POST', ['fid', 'name', 'description', 'tags']),
  op('gallery.delete', 'POST', ['fid', 'delete_assets']),
  op('gallery.add_item', 'POST', ['fid', 'rid', 'insert_position']),
  op('gallery.remove_item', 'POST', ['fid', 'rid', 'delete_assets']),
  op('gallery.list', 'GET', ['search', 'page', 'items_per_page', 'filter_tags']),
  op('gallery.get_items', 'GET', ['fid', 'details', 'page', 'items_per_page']),
  op('gallery.set_master', 'POST', ['fid', 'master']),
  op('gallery.download', 'GET', ['fid', 'type']),
  op('asset.list', 'GET', ['search', 'rid', 'reference_id', 'tag', 'type', 'page', 'items_per_page']),
  op('asset.get_tags', 'GET', []),
  op('asset.set_meta', 'POST', ['rid', 'caption', 'description', 'tags', 'reference_id', 'custom.color']),
  op('asset.resync', 'POST', ['rid']),
  op('asset.delete', 'POST', ['rid']),
  op('asset.get_upload_url', 'GET', ['fid', 'rid', 'type', 'ttl']),
  op('asset.upload_from_url', 'POST', ['input', 'fid', 'rid', 'type', 'caption']),
  op('asset.upload_from_url_get_status', 'GET', ['status_id']),
  op('asset.upload_from_url_abort', 'POST', ['status_id']),
  op('upload.get_upload_token', 'GET', ['fid', 'expire']),
  // With an api_token it answers the <iframe> embed code; with an upload_token it is the frame page.
  op('upload.iframe', 'GET', ['fid', 'rrid', 'parent_origin'], 'upload.iframe'),
  op('portal.check', 'GET', ['subdomain']),
  op('portal.cease', 'POST', ['subdomain']),
  op('portal.rename', 'POST', ['from', 'to']),
  op('portal.remove', 'POST', ['subdomain']),
  op('portal.set', 'POST', [
    'subdomain',
    'template',
    'args',
    'allow_public',
    'service_login',
    'service_login_registration',
    'service_login_user_add',
    'service_login_user_remove',
    'service_login_domain_add',
    'service_login_domain_remove',
    'idp_openid_user_add',
    'idp_openid_user_remove',
    'idp_openid_domain_add',
    'idp_openid_domain_remove',
    'simple_user_add',
    'simple_user_remove',
    'cname_domain',
  ]),
  op('portal.list', 'GET', ['subdomain']),
  op('webhook.list', 'GET', []),
  op('webhook.set', 'POST', ['hook_url', 'security_key', 'events']),
  op('webhook.set_chat', 'POST', ['hook_url', 'events', 'chat_channel', 'chat_username', 'chat_icon']),
  op('webhook.delete', 'POST', ['hook_url']),
  op('webhhook.delete', 'POST', ['hook_url']),
  op('live.list', 'GET', []),
  op('live.create', 'GET', ['name', 'location', 'type']),
  op('live.start', 'GET', ['liveid']),
  op('live.stop', 'GET', ['liveid']),
  op('live.reset', 'GET', ['liveid']),
  op('live.delete', 'GET', ['liveid']),
];
