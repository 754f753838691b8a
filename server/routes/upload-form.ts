// Reads the multipart form of an upload (`multipart/form-data` with a boundary): the file in the field
// `file` streamed to tmp, its metadata fields, and the optional `unique_id` field (exactly once).
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_FORM_FIELDS } from '../../src/contract/uploads.ts';
import { invalid, missing, ServiceError } from '../errors.ts';
import { parseUniqueId } from '../http/content-range.ts';
import { abandonIncoming, incomingFile, newTempPath } from '../media/storage.ts';
import type { UploadMeta } from '../services/asset-meta.ts';
import type { ReceivedFile } from '../services/ingest.ts';
import { fileTooLarge } from '../services/upload-errors.ts';

type MetaField = (typeof UPLOAD_FORM_FIELDS)[number];

export interface ReceivedForm {
  file: ReceivedFile;
  meta: UploadMeta;
  /** The `unique_id` field, when the form has one. */
  uniqueId: string | null;
}

export async function readUploadForm(
  ctx: { options: { dataDir: string } },
  request: FastifyRequest,
  maxBytes: number,
): Promise<ReceivedForm> {
  const meta: Partial<Record<MetaField, string>> = {};
  let uniqueId: string | null = null;
  let file: ReceivedFile | undefined;
  let sink: ReturnType<typeof incomingFile> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'file') throw invalid('file', 'must be a file part, with a filename');
        if (part.fieldname === 'unique_id') uniqueId = parseUniqueId(String(part.value), 'unique_id');
        if ((UPLOAD_FORM_FIELDS as readonly string[]).includes(part.fieldname)) {
          if (part.valueTruncated) throw invalid(part.fieldname, 'is too long');
          meta[part.fieldname as MetaField] = String(part.value);
        }
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw invalid('body', 'has an unexpected file part: send one file in the field "file"');
      }
      const tempPath = newTempPath(ctx);
      file = { tempPath, filename: part.filename ?? '', mime: part.mimetype ?? '', size: 0 };
      sink = incomingFile(tempPath);
      await pipeline(part.file, sink);
      file.size = sink.bytesWritten;
      if (part.file.truncated) throw fileTooLarge(maxBytes);
    }
    if (!file) throw missing('file');
    if (file.size === 0) throw invalid('file', 'is empty');
  } catch (error) {
    await abandonIncoming(sink);
    if (file) await rm(file.tempPath, { force: true });
    throw toServiceError(error, maxBytes);
  }
  return { file, meta, uniqueId };
}

/** Parser failures (limits, a cut-off body) become the decided codes; service errors pass through. */
function toServiceError(error: unknown, maxBytes: number): unknown {
  if (error instanceof ServiceError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return invalid('file', 'may be given once only');
  if (/^FST_(PARTS|FIELDS)_LIMIT$/.test(code)) return invalid('body', 'has too many form fields');
  if (code === 'FST_PROTO_VIOLATION') return invalid('body', 'has a forbidden field name');
  return invalid('body', 'is not a complete multipart/form-data body');
}
