// GET common/captcha: a fresh single-use image captcha (SVG data: URL) for registration.
import type { FastifyPluginAsync } from 'fastify';
import type { CaptchaResult } from '../../../workers/protocol/api.ts';
import { createCaptcha } from '../../domain/auth/captcha-repo.ts';
import { captchaSvg, svgDataUrl } from '../../domain/auth/captcha-svg.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseIfLimited } from '../../plugins/limits.ts';
import { fields } from '../../schemas/fields.ts';
import { envelope } from '../../schemas/responses.ts';

export const captchaRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/common/captcha',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['common'],
        summary: 'New image captcha',
        description:
          'Answer is 4–5 characters, case-insensitive, valid for a few minutes and consumed by the first attempt (right or wrong).',
        querystring: fields({}),
        response: envelope({
          type: 'object',
          properties: {
            captchaId: { type: 'string' },
            image: { type: 'string', description: 'data:image/svg+xml;base64,… URL' },
            expiresInSec: { type: 'integer' },
          },
        }),
      },
    },
    async (request) => {
      refuseIfLimited(app.limits.captchaPerIp.take(request.ip));
      const ttl = app.config.captchaTtlSec;
      const { id, answer } = createCaptcha(app.db, ttl);
      return ok<CaptchaResult>({ captchaId: id, image: svgDataUrl(captchaSvg(answer)), expiresInSec: ttl });
    },
  );
};
