// asset.list, asset.get_tags, asset.set_meta, asset.delete and asset.get_upload_url: parameters in, service out.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { invalid } from '../errors.ts';
import { defineOperation } from '../http/operation.ts';
import { rememberedAnswers } from '../http/remembered-answers.ts';
import type { MetaInput } from '../services/asset-meta.ts';
import { type AssetListParams, parseRidList, type UploadUrlParams } from '../services/assets.ts';
import type { Services } from '../services/index.ts';
import { MAX_UPLOAD_URL_TTL_SECONDS } from '../services/upload-urls.ts';

const text = (maxLength = 20000) => ({ type: 'string', maxLength });

interface SetMetaParams extends Omit<MetaInput, 'custom'> {
  rid: string;
  [key: string]: unknown;
}

/** `custom.NAME=value` query parameters, each given once. */
function customFields(query: Record<string, unknown>): Record<string, string> {
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('custom.')) continue;
    if (typeof value !== 'string') throw invalid(key, 'must be given once, as text');
    Object.defineProperty(custom, key.slice('custom.'.length), { value, enumerable: true });
  }
  return custom;
}

export function registerAssetRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  defineOperation<AssetListParams>(app, ctx, {
    name: 'asset.list',
    method: 'GET',
    permission: 'asset.read',
    params: {
      search: text(1000),
      rid: text(),
      reference_id: text(1000),
      tag: text(3000),
      type: { type: 'string', enum: ['image', 'video', 'audio', 'other'] },
      page: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
      items_per_page: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
    },
    kept: (auth, query) => rememberedAnswers(ctx).peek('asset.list', auth, query),
    handle: ({ params, auth }) =>
      rememberedAnswers(ctx).answer('asset.list', auth, params, () => services.assets.list(params)),
  });

  defineOperation(app, ctx, {
    name: 'asset.get_tags',
    method: 'GET',
    permission: 'asset.read',
    params: {},
    // `tag_cloud`, as the hosted service names it (and as gallery.list names its own).
    handle: () => ({ tag_cloud: services.assets.tags() }),
  });

  defineOperation<SetMetaParams>(app, ctx, {
    name: 'asset.set_meta',
    method: 'POST',
    permission: 'asset.update',
    uploadToken: true,
    params: {
      rid: { type: 'string', minLength: 1, maxLength: 64 },
      caption: text(),
      description: text(),
      long_description: text(),
      related_link_text: text(),
      related_link_url: text(),
      reference_id: text(),
      tags: text(),
    },
    required: ['rid'],
    handle: ({ params, auth }) => {
      const { rid, caption, description, long_description, related_link_text, related_link_url } = params;
      const input: MetaInput = {
        caption,
        description,
        long_description,
        related_link_text,
        related_link_url,
        reference_id: params.reference_id,
        tags: params.tags,
        custom: customFields(params),
      };
      return { asset: services.assets.setMeta(auth, rid, input) };
    },
  });

  defineOperation<{ rid: string }>(app, ctx, {
    name: 'asset.delete',
    method: 'POST',
    permission: 'asset.delete',
    params: { rid: text() },
    required: ['rid'],
    handle: ({ params, auth }) => {
      const rids = parseRidList(params.rid);
      services.assets.delete(auth, rids);
      return { rid: rids.join(',') };
    },
  });

  defineOperation<UploadUrlParams>(app, ctx, {
    name: 'asset.get_upload_url',
    method: 'GET',
    permission: 'asset.upload',
    uploadToken: true,
    params: {
      fid: { type: 'string', maxLength: 64 },
      rid: { type: 'string', maxLength: 64 },
      type: { type: 'string', maxLength: 64 },
      ttl: { type: 'integer', minimum: 1, maximum: MAX_UPLOAD_URL_TTL_SECONDS },
    },
    handle: ({ params, auth }) => services.assets.uploadUrl(auth, params),
  });
}
