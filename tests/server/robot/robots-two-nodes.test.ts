// Two nodes of one deployment (project server-pg: one PostgreSQL database, one Redis): a robot bought through
// the node that does not lead reaches the leader's runner at once, over the bus, instead of at the runner's
// next resync (up to a minute of feed time). The leader then trades it as if the call had come to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSecrets } from '../../support/cluster-secrets.ts';
import { traderOn } from '../../support/cheap-trader.ts';
import { freshDbPlace } from '../../support/test-db.ts';
import { testRedisUrl } from '../../support/test-redis.ts';
import { waitFor } from '../../support/wait-for.ts';
import { get, makeTestApp, post, uniquePhone, type TestApp } from '../helpers.ts';
import { newClientOrderId, TRADE_PASSWORD } from '../trade/trade-helpers.ts';

describe.skipIf(!testRedisUrl())('robots on two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const place = await freshDbPlace();
    remove = place.remove;
    const env = {
      ...clusterSecrets(),
      REDIS_URL: testRedisUrl() ?? '',
      DATABASE_URL: place.databaseUrl ?? '',
      MARKET_TICK: '1', // the leader's simulator steps on its timer (test apps default to none)
      PSX_ALWAYS_OPEN: '1',
      MARKET_HISTORY_DAYS: '3',
      MARKET_MINUTE_DAYS: '1',
      RATE_API_PER_IP_PER_MIN: '100000',
    };
    a = await makeTestApp({ ...env, NODE_ID: 'robot-a' });
    b = await makeTestApp({ ...env, NODE_ID: 'robot-b' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await remove?.();
  });

  it('tells the leader of a robot bought through the other node at once', async () => {
    await waitFor(() => a.app.leader.leading !== b.app.leader.leading, {
      timeoutMs: 20_000,
      what: 'one node leading',
    });
    const [leader, follower] = a.app.leader.leading ? [a, b] : [b, a];
    const heard: number[] = [];
    const runner = leader.app.robots;
    const hear = runner.heard.bind(runner);
    runner.heard = (id: number) => {
      heard.push(id);
      hear(id);
    };

    const u = await traderOn(follower.db, {
      phone: uniquePhone(),
      demoFundsPaisa: follower.config.demoFundsPaisa,
      withPassword: true,
    });
    const list = await get(follower.app, '/api/stock/ai/list', {}, { lang: 'en-US' });
    const dca = list.body.data.find((p: { code: string }) => p.code === 'dca-ogdc');
    // The follower's market has to have a price for the robot's stock before it can sell one.
    await waitFor(() => follower.app.market.ticker('OGDC') !== undefined, {
      timeoutMs: 20_000,
      what: 'OGDC',
    });
    const buy = await post(
      follower.app,
      '/api/stock/ai/buy',
      {
        productId: String(dca.id),
        amount: '20000',
        clientId: newClientOrderId(),
        tradePassword: TRADE_PASSWORD,
      },
      { token: u.tokenDemo, lang: 'en-US' },
    );
    expect(buy.body.code, buy.raw).toBe(0);
    const id: number = buy.body.data.id;
    await waitFor(() => heard.includes(id), { timeoutMs: 5_000, what: `the leader hearing of robot ${id}` });
    // and the leader trades it on its next steps (the robot's first order, placed by the leader's runner)
    await waitFor(
      async () => {
        const d = await get(
          follower.app,
          '/api/stock/ai/order/details',
          { id: String(id) },
          { token: u.tokenDemo },
        );
        return (d.body.data?.order?.trades ?? 0) >= 1;
      },
      { timeoutMs: 20_000, what: `robot ${id} trading` },
    );
  });
});
