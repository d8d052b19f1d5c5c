// The lock-out rules and the guard on an injected clock, with records in memory (the suite is shared with the
// database and Redis stores: tests/support/attempt-guard-suite.ts, run on them by
// tests/server/attempt-stores.test.ts).
import { MemoryAttemptStore } from '../../../server/domain/rate-limit/attempt-guard.ts';
import { attemptGuardSuite } from '../../support/attempt-guard-suite.ts';

attemptGuardSuite('in memory', () => new MemoryAttemptStore());
