// Response schemas for OpenAPI: the envelope and the wire types of workers/protocol/api.ts. They document
// the contract only (answers are serialised with JSON.stringify, see plugins/envelope.ts).

export function envelope(data: object, description = 'Success') {
  return {
    200: {
      description: `${description}. Errors use the same envelope with code -1000 (session invalid) or -1001 (msg localised) and data null.`,
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: { code: { type: 'integer', enum: [0, -1000, -1001] }, msg: { type: 'string' }, data },
    },
  };
}

export const nullData = { type: 'null' } as const;

const idStatus = { type: 'string', enum: ['none', 'pending', 'succ', 'fail'] } as const;

export const loginInfoUserSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, account: { type: 'string' }, status: { type: 'integer' }, idStatus },
} as const;

export const userInfoSchema = {
  type: 'object',
  properties: {
    ...loginInfoUserSchema.properties,
    areaCode: { type: 'string' },
    phone: { type: 'string' },
    accountType: { type: 'string', enum: ['real', 'demo'] },
    inviteCode: { type: 'string' },
    openAutoApply: { type: 'integer', enum: [0, 1] },
    hasTradePassword: { type: 'boolean' },
    hasWithdrawPassword: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const loginResultSchema = {
  type: 'object',
  properties: {
    token: { type: 'string', description: 'Token of `accountType` (the real account after login).' },
    tokenReal: { type: 'string' },
    tokenDemo: { type: 'string' },
    accountType: { type: 'string', enum: ['real', 'demo'] },
    user: userInfoSchema,
  },
} as const;
