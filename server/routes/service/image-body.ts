// Reads a chat image upload (multipart/form-data: the text field clientId and one file `image`), for the app's
// route and the console's alike; the parser's refusals become clear -1001s (never a 413 or 500).
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../errors.ts';

const REFUSALS: Readonly<Record<string, string>> = {
  FST_REQ_FILE_TOO_LARGE: 'service.imageTooLarge',
  FST_FILES_LIMIT: 'service.imageParts',
  FST_FIELDS_LIMIT: 'service.imageParts',
  FST_PARTS_LIMIT: 'service.imageParts',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request.mediaType',
};

const images = new WeakMap<FastifyRequest, Buffer>();

export async function readImageBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) throw new AppError('request.mediaType');
  const body: Record<string, string> = {};
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image' && !images.has(request)) images.set(request, bytes);
      } else if (typeof part.value === 'string') {
        if (body[part.fieldname] !== undefined) throw new AppError('service.imageParts');
        body[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    const key = typeof code === 'string' ? REFUSALS[code] : undefined;
    if (key === 'service.imageTooLarge') throw fieldError('image', key);
    throw new AppError(key ?? 'request.bad');
  }
  request.body = body;
}

/** The uploaded image's bytes (after readImageBody), or the refusal that it is missing. */
export function imageOfRequest(request: FastifyRequest): Buffer {
  const bytes = images.get(request);
  images.delete(request);
  if (!bytes || bytes.length === 0) throw fieldError('image', 'service.imageMissingPart');
  return bytes;
}
