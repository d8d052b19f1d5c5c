-- Bindings (issue 15, item 3): the client-generated id of the request that saved a bank account, wallet or
-- crypto withdrawal address, so a retried bank/add or coin/withdraw/address/generate has one effect and answers
-- the same row; and one live withdrawal address per user, chain and address (a duplicate is refused).
-- NULL for rows no user request made (deposit addresses the platform generates).
ALTER TABLE payout_bindings ADD COLUMN client_id TEXT;
CREATE UNIQUE INDEX payout_bindings_client ON payout_bindings (user_id, client_id) WHERE client_id IS NOT NULL;
ALTER TABLE crypto_addresses ADD COLUMN client_id TEXT;
CREATE UNIQUE INDEX crypto_addresses_client ON crypto_addresses (user_id, client_id) WHERE client_id IS NOT NULL;
CREATE UNIQUE INDEX crypto_addresses_withdraw_live ON crypto_addresses (user_id, chain, address)
  WHERE purpose = 'withdraw' AND deleted_at IS NULL;
