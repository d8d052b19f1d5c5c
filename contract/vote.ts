// Shareholder voting (issue 17 §8): the wire contract.
//   POST vote               cast or change the caller's ballot on a resolution (id, option: the option's index)
//   GET  index/vote/info    the caller's resolutions (no id) or one of them (id: with its full notice text);
//                           each with its state, the shares it votes with, the caller's ballot and, once the
//                           deadline has passed, the weighted results
// Console (finance/admin): GET /vote/resolutions, POST /vote/resolutions (create, audited).
// Who may vote: an account that held the company's shares at the record date (read from the ledger, so exact per
// account); its weight is those shares. Real and demo accounts vote and are counted apart.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs } from './envelope.ts';
import { fields, idString, oneOf, opt, text } from './form-fields.ts';

export const VOTE_STATES = ['upcoming', 'open', 'closed'] as const;
export type VoteState = (typeof VOTE_STATES)[number];
export const MEETINGS = ['agm', 'eogm'] as const;

export const VoteResults = Type.Object({
  totals: Type.Array(Decimal('weighted shares per option, in option order')),
  voted: Decimal('shares that voted (the sum of totals)'),
  eligible: Decimal('shares held by every eligible holder of this account kind at the record date'),
  voters: Type.Integer({ minimum: 0, description: 'holders who voted' }),
  turnoutBp: Type.Integer({ minimum: 0, maximum: 10000, description: 'voted / eligible in basis points' }),
});
export type VoteResults = Static<typeof VoteResults>;

export const VoteResolution = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  meeting: Type.Union([Type.Literal('agm'), Type.Literal('eogm')]),
  title: Type.String({ description: 'in the caller’s language' }),
  body: Type.String({
    description: 'the full notice text (only when one resolution is asked for; else empty)',
  }),
  options: Type.Array(Type.String(), {
    description: 'option labels in the caller’s language; a ballot is an index',
  }),
  recordAt: EpochMs('holders at this time may vote, with the shares they held then; voting opens then'),
  deadlineAt: EpochMs('ballots may be cast or changed until this time; results after it'),
  state: Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')]),
  shares: Decimal('the caller’s weight: shares at the record date (held now while upcoming)'),
  myChoice: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'the caller’s ballot' }),
  votedAt: Type.Union([EpochMs(), Type.Null()]),
  changes: Type.Integer({ minimum: 0, description: 'how often the caller changed the ballot' }),
  results: Type.Union([VoteResults, Type.Null()], { description: 'after the deadline only' }),
});
export type VoteResolution = Static<typeof VoteResolution>;

export const VoteInfoQuery = fields({ id: opt(idString) });
export type VoteInfoQuery = Static<typeof VoteInfoQuery>;
export const VoteInfo = Type.Object({
  list: Type.Array(VoteResolution),
  serverTime: EpochMs('the server’s clock, for the countdowns'),
});
export type VoteInfo = Static<typeof VoteInfo>;
export const VoteInfoReply = envelope(VoteInfo);

export const VoteBody = fields({
  id: idString,
  option: text(1, 2, { pattern: '^[0-9]$', description: 'the option’s index (0 = the first)' }),
});
export type VoteBody = Static<typeof VoteBody>;
export const VoteReply = envelope(VoteResolution);

// ---- console
const optionLine = 'one option per line, "Urdu | English" (2-6 lines), e.g. "حق میں | For"';
export const VoteCreateBody = fields({
  symbol: text(1, 10, { description: 'ticker of the listed company' }),
  meeting: oneOf([...MEETINGS], 3, 4),
  titleUr: text(1, 200),
  titleEn: text(1, 200),
  bodyUr: text(1, 8000),
  bodyEn: text(1, 8000),
  options: text(1, 1000, { description: optionLine }),
  record: text(1, 32, { description: 'record date: ISO 8601 with a zone, or epoch ms' }),
  deadline: text(1, 32, { description: 'voting deadline: ISO 8601 with a zone, or epoch ms' }),
});
export type VoteCreateBody = Static<typeof VoteCreateBody>;

export const ConsoleResolution = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  meeting: Type.Union([Type.Literal('agm'), Type.Literal('eogm')]),
  titleUr: Type.String(),
  titleEn: Type.String(),
  options: Type.Array(Type.Object({ ur: Type.String(), en: Type.String() })),
  recordAt: EpochMs(),
  deadlineAt: EpochMs(),
  state: Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')]),
  real: Type.Union([VoteResults, Type.Null()], { description: 'real accounts’ result, after the deadline' }),
  demo: Type.Union([VoteResults, Type.Null()], { description: 'demo accounts’ result, after the deadline' }),
});
export type ConsoleResolution = Static<typeof ConsoleResolution>;
export const ConsoleResolutionReply = envelope(ConsoleResolution);
export const ConsoleResolutionListReply = envelope(Type.Array(ConsoleResolution));
