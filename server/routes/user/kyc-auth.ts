// GET user/auth (the caller's KYC state) and POST user/auth (a submission: multipart/form-data with the text
// fields and the photos `front` and `back`). @fastify/multipart is registered in this plugin's scope only,
// with hard limits; the body is read in a preValidation hook so the text fields go through the contract's
// schema like any form (the same messages, `field` set), and the photos wait beside the request.
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { noFields } from '../../../contract/form-fields.ts';
import {
  KYC_PHOTO_FIELDS,
  KYC_PHOTO_MAX_BYTES,
  KycStateReply,
  KycSubmitFields,
  type KycPhotoField,
} from '../../../contract/kyc.ts';
import { kycStatusOf } from '../../domain/kyc/kyc-state.ts';
import { assertMaySubmit, kycStateOf } from '../../domain/kyc/kyc-submissions.ts';
import { assertKycFields, submitKyc, type KycPhotos } from '../../domain/kyc/kyc-submit.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseIfLimited } from '../../plugins/limits.ts';
import { NEEDS_TOKEN } from '../route-docs.ts';

const MULTIPART = ['multipart/form-data'] as const;

/** The multipart parser's refusals, each a -1001 with a message (never a 413 or 500). */
const MULTIPART_ERRORS: Readonly<Record<string, string>> = {
  FST_REQ_FILE_TOO_LARGE: 'kyc.photoTooLarge',
  FST_FILES_LIMIT: 'kyc.tooManyParts',
  FST_FIELDS_LIMIT: 'kyc.tooManyParts',
  FST_PARTS_LIMIT: 'kyc.tooManyParts',
  FST_PROTO_VIOLATION: 'request.bad',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request.mediaType',
  FST_INVALID_JSON_FIELD_ERROR: 'request.bad',
  FST_MP_PREMATURE_CLOSE: 'request.bad',
};

function multipartRefusal(err: unknown, photo: KycPhotoField | undefined): AppError {
  const code = (err as { code?: unknown } | null)?.code;
  const key = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
  if (key === 'kyc.photoTooLarge' && photo) return fieldError(photo, key);
  if (key) return new AppError(key);
  // Busboy's own complaints about a malformed body (no boundary, a broken part) are the sender's fault too.
  if (err instanceof Error && !(err instanceof AppError)) return new AppError('request.bad');
  throw err;
}

const isPhotoField = (name: string): name is KycPhotoField =>
  (KYC_PHOTO_FIELDS as readonly string[]).includes(name);

/** The photos read from each request's body, until its handler takes them. */
const photosOf = new WeakMap<FastifyRequest, Partial<KycPhotos>>();

/** Reads the multipart body: text parts become `request.body` (a repeated name an array, refused by the schema). */
async function readBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) throw new AppError('request.mediaType');
  const body: Record<string, string | string[]> = {};
  const photos: Partial<KycPhotos> = {};
  let current: KycPhotoField | undefined;
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        current = isPhotoField(part.fieldname) ? part.fieldname : undefined;
        const bytes = await part.toBuffer();
        if (current && photos[current] === undefined) photos[current] = bytes;
        current = undefined;
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const had = body[part.fieldname];
        body[part.fieldname] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
      }
    }
  } catch (err) {
    throw multipartRefusal(err, current);
  }
  request.body = body;
  photosOf.set(request, photos);
}

export const kycAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: KYC_PHOTO_MAX_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/user/auth',
    {
      schema: {
        tags: ['user'],
        summary: 'KYC state of the caller',
        description:
          'The status (none, pending, succ, fail) and the newest submission: certificate type, the number masked but for its last 4 characters, name, date of birth, when it was sent and, when it failed, why. Never the photos.',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: KycStateReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return ok(await kycStateOf(app.db, auth.userId));
    },
  );

  app.post(
    '/user/auth',
    {
      schema: {
        tags: ['user'],
        summary: 'Submit identity verification (KYC)',
        description:
          'multipart/form-data: the fields below plus two files, `front` and `back` (JPEG, PNG or WebP by their bytes, at most 5 MB each; re-encoded as JPEG without metadata and kept private). Only when the status is none or fail; the status becomes pending. At most 5 submissions an hour per user. Answers the new state.',
        consumes: MULTIPART,
        security: NEEDS_TOKEN,
        body: KycSubmitFields,
        response: KycStateReply,
      },
      preValidation: async (request) => {
        const auth = requireAuth(request.auth);
        // A cheap refusal first: while under review or once verified, the photos are not even read.
        assertMaySubmit(await kycStatusOf(app.db, auth.userId));
        await readBody(request);
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const photos = photosOf.get(request) ?? {};
      photosOf.delete(request);
      const { front, back } = photos;
      if (!front) throw fieldError('front', 'kyc.photoMissing');
      if (!back) throw fieldError('back', 'kyc.photoMissing');
      const now = Date.now();
      assertKycFields(request.body, now);
      // Counted before the photos are decoded (the costly part), so a flood of uploads is refused early.
      refuseIfLimited(await app.limits.kycSubmitPerUser.take(String(auth.userId)));
      await submitKyc(app.db, auth.userId, request.body, { front, back }, now);
      return ok(await kycStateOf(app.db, auth.userId));
    },
  );
};
