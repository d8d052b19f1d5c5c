// GET common/captcha: a fresh single-use image captcha (a rasterised PNG data: URL) for registration. HEAD is
// not served: Fastify would run this handler for it, and a HEAD must not create anything.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CaptchaQuery, CaptchaReply } from '../../../contract/common.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, captchaPngDataUrl } from '../../domain/auth/captcha-image.ts';
import { createCaptcha } from '../../domain/auth/captcha-repo.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseIfLimited } from '../../plugins/limits.ts';

export const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/common/captcha',
    {
      config: { auth: 'public' },
      exposeHeadRoute: false,
      schema: {
        tags: ['common'],
        summary: 'New image captcha',
        description:
          'Answer is 4–5 characters, case-insensitive, valid for a few minutes and consumed by the first ' +
          `attempt (right or wrong). The image is a ${CAPTCHA_WIDTH}×${CAPTCHA_HEIGHT} PNG (shown at half that ` +
          'size). HEAD is not answered (404): it would create a captcha.',
        querystring: CaptchaQuery,
        response: CaptchaReply,
      },
    },
    async (request) => {
      refuseIfLimited(await app.limits.captchaPerIp.take(request.ip));
      const ttl = app.config.captchaTtlSec;
      const { id, answer } = await createCaptcha(app.db, ttl);
      return ok({ captchaId: id, image: captchaPngDataUrl(answer), expiresInSec: ttl });
    },
  );
};
