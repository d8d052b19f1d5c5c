// Console: POST content/images (multipart, one file part `image`): the upload is typed by its bytes,
// re-encoded (content-images.ts, like KYC photos) and stored publicly; the answer is its key and URL, which an
// article or a banner then names. @fastify/multipart lives in this plugin's scope only. Audited.
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ConsoleImageReply } from '../../../../contract/console-content.ts';
import {
  contentImageUrl,
  readContentImage,
  reencodeContentImage,
  storeContentImage,
} from '../../../domain/content/content-images.ts';
import { KycPhotoError } from '../../../domain/kyc/kyc-images.ts';
import { AppError, fieldError } from '../../../errors.ts';
import { ok } from '../../../plugins/envelope.ts';
import { auditedWrite, CONTENT_ROLES } from './content-audit.ts';

const MAX_BYTES = 8 * 1024 * 1024;
const PHOTO_ERRORS = { type: 'imageType', unreadable: 'imageUnreadable', pixels: 'imageTooLarge' } as const;

export async function assertImageExists(app: FastifyInstance, key: string): Promise<void> {
  if (!(await readContentImage(app.db, app.config.dataDir, key)))
    throw fieldError('imageKey', 'notice:errors.imageNotFound');
}

async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('request.mediaType');
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'image' && image === undefined) image = bytes;
    }
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('image', 'notice:errors.imageTooLarge');
    throw new AppError('request.bad');
  }
  if (!image) throw fieldError('image', 'notice:errors.imageRequired');
  return image;
}

export const consoleImageRoute: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 256 },
    throwFileSizeLimit: true,
  });
  app.post(
    '/content/images',
    {
      config: { auth: 'public', consoleRoles: CONTENT_ROLES },
      bodyLimit: MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Upload an image for an article or a banner',
        consumes: ['multipart/form-data'],
        response: ConsoleImageReply,
      },
    },
    async (request) => {
      const input = await readImagePart(request);
      let jpeg: Buffer;
      try {
        jpeg = await reencodeContentImage(input);
      } catch (err) {
        if (err instanceof KycPhotoError)
          throw fieldError('image', `notice:errors.${PHOTO_ERRORS[err.reason]}`);
        throw err;
      }
      const key = await storeContentImage(app.db, jpeg);
      const after = await auditedWrite(
        app,
        request,
        { action: 'content.image', subjectType: 'image' },
        async () => ({
          id: key,
          before: null,
          after: { key, url: contentImageUrl(key), bytes: jpeg.length },
        }),
      );
      return ok({ key: after.key, url: after.url });
    },
  );
};
