// Gives the app's market bridge the bench probe's port; imported first by the bench entry (main.tsx).
import { setMarketPortSource } from '../../src/market/bridge.ts';
import { benchPort } from './bench-probe.ts';

setMarketPortSource(benchPort);
