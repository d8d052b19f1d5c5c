// The bench build's entry (bench/app/vite.config.ts → dist-bench/): the app exactly as src/main.tsx starts it,
// with the market bridge's port taken from the bench probe (bench-probe.ts: the worker plus measuring hooks,
// or the naive main-thread baseline with ?baseline=1). Only `npm run bench` builds and serves this.
//
// Import order matters: ES modules run in the order imported, so the port source is installed before
// src/main.tsx starts the app (nothing starts the bridge before a screen asks for market data anyway).
import './install-bench-port.ts';
import '../../src/main.tsx';
