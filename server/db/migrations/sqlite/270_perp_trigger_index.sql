-- The leader checks the TP/SL triggers of every pair on every mark tick (server/domain/perp/perp-liquidation.ts
-- fireTriggers). Reading every open position with a trigger and testing each in code cost O(triggers) a tick
-- (≈ 1 s at 10,000 triggers on a pair; bench/server/perp-liquidation.ts); with these indexes the tick reads only
-- the triggers its prices reached, as the (symbol, side, liq_price) index does for liquidation: O(reached).
CREATE INDEX perp_positions_sl ON perp_positions (symbol, side, sl_source, sl_price)
  WHERE status = 'open' AND sl_price IS NOT NULL;
CREATE INDEX perp_positions_tp ON perp_positions (symbol, side, tp_source, tp_price)
  WHERE status = 'open' AND tp_price IS NOT NULL;
