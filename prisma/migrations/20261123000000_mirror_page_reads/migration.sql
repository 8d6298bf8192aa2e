-- A page of transactions lists each one's hbar transfers by consensus timestamp. With the listed
-- columns in the index, the list is read from the index alone: one page per transaction fewer,
-- the page that misses the buffer cache once crypto_transfer outgrows it (an account's
-- transactions lie scattered over the whole table). Same name and key as upstream's index, so
-- every query that used it still does.
DROP INDEX crypto_transfer__consensus_timestamp;
CREATE INDEX crypto_transfer__consensus_timestamp ON crypto_transfer (consensus_timestamp)
  INCLUDE (entity_id, amount, is_approval, payer_account_id);

-- A bounded page over a range of accounts (lib/mirror/transactions/scan-window.ts) reads
-- entity_transaction within a window of consensus timestamps; its primary key leads with the entity.
CREATE INDEX entity_transaction__consensus_timestamp ON entity_transaction (consensus_timestamp);
