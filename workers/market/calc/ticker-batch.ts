// Kept so calc/ imports keep working: the batch format moved to protocol/ because the app unpacks it.
export * from '../../protocol/ticker-batch.ts';
