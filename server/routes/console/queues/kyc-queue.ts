// The KYC queue: pending submissions oldest first (first come, first reviewed), with the data the reviewer
// checks against the two photos; approve/reject through reviewKyc. The photos are streamed from the private
// store with Cache-Control: no-store, to kyc reviewers and admins only.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { QueueItem } from '../../../../contract/console.ts';
import type { Db } from '../../../db/database.ts';
import type { KycSubmissionsTable } from '../../../db/schema.ts';
import { readKycImage } from '../../../domain/kyc/kyc-images.ts';
import { reviewKyc } from '../../../domain/kyc/kyc-review.ts';
import { AppError } from '../../../errors.ts';
import type { ConsoleQueue } from '../queue.ts';

type Row = Omit<KycSubmissionsTable, 'id' | 'reason'> & { id: number; reason: string; phone: string };
const STATUSES = ['pending', 'succ', 'fail'] as const;

function item(r: Row): QueueItem {
  const image = (side: 'front' | 'back') => ({
    label: `kyc.${side}`,
    url: `/admin/api/queues/kyc/${r.id}/image/${side}`,
  });
  return {
    id: r.id,
    status: r.status,
    title: r.full_name,
    subtitle: r.phone,
    createdAt: r.created_at,
    fields: [
      { label: 'kyc.userId', value: String(r.user_id) },
      { label: 'kyc.certType', value: r.cert_type },
      { label: 'kyc.certNumber', value: r.cert_number },
      { label: 'kyc.fullName', value: r.full_name },
      { label: 'kyc.birthDate', value: r.birth_date },
      ...(r.reason ? [{ label: 'kyc.reason', value: r.reason }] : []),
    ],
    images: [image('front'), image('back')],
  };
}

const base = (db: Db) =>
  db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select('u.phone');

export const kycQueue: ConsoleQueue = {
  name: 'kyc',
  roles: ['kyc'],
  approveNeedsReference: false,
  async list(db, q) {
    const status = (STATUSES as readonly string[]).includes(q.status ?? '') ? q.status : 'pending';
    let query = base(db).where('k.status', '=', status as (typeof STATUSES)[number]);
    // Pending: oldest first (paged upwards); decided ones: newest first.
    if (status === 'pending') {
      if (q.beforeId !== undefined) query = query.where('k.id', '>', q.beforeId);
      query = query.orderBy('k.id', 'asc');
    } else {
      if (q.beforeId !== undefined) query = query.where('k.id', '<', q.beforeId);
      query = query.orderBy('k.id', 'desc');
    }
    return (await query.limit(q.limit).execute()).map(item);
  },
  async detail(db, id) {
    const r = await base(db).where('k.id', '=', id).executeTakeFirst();
    return r ? item(r) : null;
  },
  approve: (db, actor, id, _input, now) => reviewKyc(db, actor, id, { approve: true }, now),
  reject: (db, actor, id, { reason }, now) => reviewKyc(db, actor, id, { approve: false, reason }, now),
  async extraRoutes(app: FastifyInstance) {
    app.get(
      '/:id/image/:side',
      {
        config: { auth: 'public', consoleRoles: ['kyc'] },
        schema: {
          tags: ['console'],
          hide: true,
          summary: 'A KYC photo (front or back), not cached',
          params: Type.Object({
            id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }),
            side: Type.Union([Type.Literal('front'), Type.Literal('back')]),
          }),
        },
      },
      async (request, reply) => {
        const { id, side } = request.params as { id: string; side: 'front' | 'back' };
        const row = await app.db
          .selectFrom('kyc_submissions')
          .select(['front_image', 'back_image'])
          .where('id', '=', Number(id))
          .executeTakeFirst();
        if (!row) throw new AppError('console.notFound');
        const img = await readKycImage(
          app.db,
          app.config.dataDir,
          side === 'front' ? row.front_image : row.back_image,
        );
        return reply.header('cache-control', 'no-store').type(img.type).send(img.bytes);
      },
    );
  },
};
