// Which assets get generated versions, and in which lane of the version worker: the one rule ingest (an asset
// starts `pending` or `synced`) and the worker (where its job queues) both follow.
import { SUBTITLE_ATTACHMENT } from '../../src/contract/asset-record.ts';
import type { AssetType } from '../store/assets.ts';
import type { Lane } from '../store/version-jobs.ts';

export function laneOf(asset: { type: AssetType; attach_type: string | null }): Lane | null {
  if (asset.attach_type && SUBTITLE_ATTACHMENT.test(asset.attach_type)) return 'quick';
  if (asset.type === 'image') return 'quick';
  if (asset.type === 'video' || asset.type === 'audio') return 'transcode';
  return null;
}
