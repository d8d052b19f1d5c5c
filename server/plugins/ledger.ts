// The ledger (`app.ledger`, domain/ledger/ledger-service.ts): balances, transaction records and the postings
// every area that moves money goes through (trading now; deposits, withdrawals, loans, IPO and VIP next).
import fp from 'fastify-plugin';
import { Ledger } from '../domain/ledger/ledger-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
  }
}

export const ledgerPlugin = fp(
  async (app) => {
    app.decorate('ledger', new Ledger(app.db));
  },
  { name: 'ledger', dependencies: ['db'] },
);
