// gallery.create, set_meta, delete, add_item, remove_item, list, get_items and set_master: parameters in, service out.
// (gallery.download lives with the media routes.)
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { defineOperation } from '../http/operation.ts';
import { rememberedAnswers, SIGNED_ANSWER_MAX_AGE_MS } from '../http/remembered-answers.ts';
import type { CreateParams, GetItemsParams, ListParams, SetMetaParams } from '../services/galleries.ts';
import type { Services } from '../services/index.ts';

const text = (maxLength = 20000) => ({ type: 'string', maxLength });
const fid = { type: 'string', minLength: 1, maxLength: 64 };
const yesNo = { type: 'string', enum: ['yes', 'no'] };

interface ItemParams {
  fid: string;
  rid: string;
  insert_position?: string;
  delete_assets?: 'yes' | 'no';
}

export function registerGalleryRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  defineOperation<CreateParams>(app, ctx, {
    name: 'gallery.create',
    method: 'POST',
    permission: 'gallery.create',
    params: {
      name: text(),
      description: text(),
      template: text(64),
      copy_args: text(64),
      master: text(64),
      copy_items: text(64),
    },
    required: ['name'],
    handle: ({ params, auth }) => services.galleries.create(auth, params),
  });

  defineOperation<SetMetaParams>(app, ctx, {
    name: 'gallery.set_meta',
    method: 'POST',
    permission: 'gallery.update',
    params: { fid, name: text(), description: text(), tags: text() },
    required: ['fid'],
    handle: ({ params, auth }) => {
      services.galleries.setMeta(auth, params);
      return {};
    },
  });

  defineOperation<{ fid: string; delete_assets?: 'yes' | 'no' }>(app, ctx, {
    name: 'gallery.delete',
    method: 'POST',
    permission: 'gallery.delete',
    params: { fid, delete_assets: yesNo },
    required: ['fid'],
    handle: ({ params, auth }) => {
      services.galleries.delete(auth, params.fid, params.delete_assets === 'yes');
      return {};
    },
  });

  defineOperation<ItemParams>(app, ctx, {
    name: 'gallery.add_item',
    method: 'POST',
    permission: 'gallery.update',
    uploadToken: true,
    params: { fid, rid: text(), insert_position: text(16) },
    required: ['fid', 'rid'],
    handle: ({ params, auth }) => {
      services.galleries.addItems(auth, params.fid, params.rid, params.insert_position);
      return {};
    },
  });

  defineOperation<ItemParams>(app, ctx, {
    name: 'gallery.remove_item',
    method: 'POST',
    permission: 'gallery.update',
    uploadToken: true,
    params: { fid, rid: text(), delete_assets: yesNo },
    required: ['fid', 'rid'],
    handle: ({ params, auth }) => {
      services.galleries.removeItems(auth, params.fid, params.rid, params.delete_assets === 'yes');
      return {};
    },
  });

  defineOperation<ListParams>(app, ctx, {
    name: 'gallery.list',
    method: 'GET',
    permission: 'gallery.read',
    params: {
      search: text(1000),
      page: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
      items_per_page: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
      filter_tags: text(3000),
    },
    handle: ({ params, auth }) => services.galleries.list(auth, params),
  });

  defineOperation<GetItemsParams>(app, ctx, {
    name: 'gallery.get_items',
    method: 'GET',
    permission: 'gallery.read',
    uploadToken: true,
    params: {
      fid,
      details: text(1000),
      page: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
      items_per_page: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
    },
    required: ['fid'],
    kept: (auth, query) =>
      rememberedAnswers(ctx).peek('gallery.get_items', auth, query, SIGNED_ANSWER_MAX_AGE_MS),
    handle: ({ params, auth }) =>
      rememberedAnswers(ctx).answer(
        'gallery.get_items',
        auth,
        params,
        () => services.galleries.getItems(auth, params),
        SIGNED_ANSWER_MAX_AGE_MS,
      ),
  });

  defineOperation<{ fid: string; master: string }>(app, ctx, {
    name: 'gallery.set_master',
    method: 'POST',
    permission: 'gallery.update',
    params: { fid, master: text(64) },
    required: ['fid', 'master'],
    handle: ({ params, auth }) => {
      services.galleries.setMaster(auth, params.fid, params.master);
      return {};
    },
  });
}
