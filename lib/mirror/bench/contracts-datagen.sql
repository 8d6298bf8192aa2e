-- contracts-datagen.sql: smart contract data for the bench datasets, in the style of
-- ../shared/bench/mirror-datagen.sql and applied after it (the bench runs both in one psql session):
-- contracts, their results, logs, state, actions and hashes, consistent with the transactions,
-- transfers and record files that script wrote.
--
-- Run with psql against a database loaded by mirror-datagen.sql and migrated to our schema (the
-- contracts migration included). It TRUNCATEs the tables it fills and derives everything else from
-- the loaded rows, so it can be re-run; every value is a deterministic function of the row number.
--
--   psql -d <db> -v scale=small -f lib/mirror/bench/contracts-datagen.sql
--   psql -d <db> -v scale=large -f lib/mirror/bench/contracts-datagen.sql
--   psql -d <db> -v contracts=50 -f lib/mirror/bench/contracts-datagen.sql
--
-- Parameters (psql variables; any of them may be given with -v, the rest come from `scale`):
--   scale            small (default) | large
--   contracts        contracts, ids right after the last token                 small 1000,  large 10000
--   contract_every   one transaction in this many is a contract call            20 (5%)
--   ethereum_every   one contract call in this many is an EthereumTransaction   4
--
-- What it writes (all ids shard 0 / realm 0, as mirror-datagen.sql's):
--   * contract k (0-based): entity 0.0.(b + k), CONTRACT, where b - 1 is the highest id loaded before
--     (the last token), created before t0 like the tokens, one in ten with a CREATE2 evm_address;
--     its `contract` row with 2-6 KB of runtime bytecode.
--   * contract calls: transaction i (mirror-datagen.sql's numbering, i = (consensus - t0) / 1 ms)
--     with i % contract_every = contract_every / 2 (never one of its CRYPTOUPDATEACCOUNTs, i % 100 = 0)
--     becomes a call of a contract chosen with skewed popularity (like the tokens': low ids are called
--     far more often): type CONTRACTCALL (7), or ETHEREUMTRANSACTION (50) for one call in
--     `ethereum_every`, entity_id = the contract. Its transfers stay as they are, and mean what the
--     call did: the payer sends `amount` with the call, and the contract forwards it to the receiver
--     (so every balance stays right and the contract's stays 0).
--   * contract_result per call (SUCCESS; sender = payer; amount = the value sent; 32-byte hash: the
--     Ethereum hash, or the first 32 bytes of the transaction's hash); contract_transaction_hash per
--     call; contract_transaction rows for the payer and the contract.
--   * contract_action: 2 per call (the payer's CALL of the contract with the value, the contract's
--     CALL forwarding it to the receiver).
--   * contract_log: 0-4 per call (2 on average), emitted by the called contract, with a 256-byte
--     bloom, topic0 one of four event signatures (Transfer, Approval, two others), topic1/topic2 the
--     payer and receiver as 32-byte words, 32-byte data.
--   * contract_state_change: 1-4 writes per call (2.5 on average) to distinct slots of the contract's
--     32 (32-byte keys, as mapping slots are), each value_read the slot's previous value_written;
--     contract_state = every slot's last value, created at its first write.
--   * ethereum_transaction for the EthereumTransaction calls (type 2, chain id 296, a nonce per payer).
--   * record_file.gas_used = the gas its calls used.
-- Not written: contract creations (the contracts exist from before t0, as the tokens do), failed or
-- reverted calls, logs emitted by contracts other than the called one, child (nonce > 0) results,
-- the senders' entity.ethereum_nonce.
-- Sizes: small 50,000 calls (~125,000 state changes, ~100,000 logs), large 500,000: per contract
-- ~50 calls on average at both scales, so "large" grows table sizes 10x, like mirror-datagen.sql.
-- Load time on the 2-core machine (PostgreSQL 15, stock config, other work running): small 9-31 s,
-- large ~2 min; size small ~0.2 GB, large ~1.8 GB.
--
-- It writes in one transaction, so a run that fails changes nothing. Secondary indexes of the tables
-- it fills are dropped before loading and recreated from their own saved definitions afterwards, then
-- VACUUM ANALYZE runs on every table it wrote.

\set ON_ERROR_STOP on
\timing on

\if :{?scale}
\else
  \set scale small
\endif
select (:'scale' = 'large') as is_large \gset
\if :{?contracts}
\else
  \if :is_large
    \set contracts 10000
  \else
    \set contracts 1000
  \endif
\endif
\if :{?contract_every}
\else
  \set contract_every 20
\endif
\if :{?ethereum_every}
\else
  \set ethereum_every 4
\endif

\echo generating contracts scale=:scale contracts=:contracts contract_every=:contract_every ethereum_every=:ethereum_every

set synchronous_commit = off;
set maintenance_work_mem = '1GB';
set work_mem = '256MB';
set jit = off;

-- One transaction up to the VACUUMs: a run that fails leaves the tables, and their indexes, as they were.
begin;

-- Deterministic non-negative pseudo-random bigint from (row number, stream seed), as mirror-datagen.sql's.
create or replace function pg_temp.h(i bigint, seed bigint) returns bigint
  language sql immutable parallel safe
  as $$ select hashint8extended(i, seed) & 9223372036854775807 $$;

-- A 32-byte EVM word holding a non-negative bigint (an amount, or an entity's long-zero address).
create or replace function pg_temp.word(v bigint) returns bytea
  language sql immutable parallel safe
  as $$ select decode(repeat('00', 24), 'hex') || int8send(v) $$;

-- The 20-byte long-zero EVM address of entity 0.0.num.
create or replace function pg_temp.long_zero(num bigint) returns bytea
  language sql immutable parallel safe
  as $$ select decode(repeat('00', 12), 'hex') || int8send(num) $$;

-- Storage slot m of a contract: a 32-byte key, as a Solidity mapping's slots are.
create or replace function pg_temp.slot(contract_id bigint, m bigint) returns bytea
  language sql immutable parallel safe
  as $$ select sha256(int8send(contract_id) || int8send(m)) $$;

-- Parameters as a one-row table; the id layout and t0 come from the loaded rows.
truncate contract, contract_result, contract_log, contract_action, contract_state, contract_state_change,
         contract_transaction, contract_transaction_hash, ethereum_transaction;
delete from entity where type = 'CONTRACT';

create temp table cgen_params as
select :contracts::bigint      as contracts,
       :contract_every::bigint as every,
       :ethereum_every::bigint as ethereum_every,
       (select max(id) from entity) + 1 as contract_base,
       (select min(consensus_timestamp) - min(consensus_timestamp) % 1000000 from transaction) as t0_ns,
       32::bigint              as slots_per_contract;

-- Save and drop secondary indexes of the tables filled in bulk.
create temp table cgen_saved_indexes as
select i.schemaname, i.indexname, i.indexdef
from pg_indexes i
join pg_class c on c.relname = i.indexname
join pg_index x on x.indexrelid = c.oid
where i.schemaname = 'public'
  and i.tablename in ('contract_result', 'contract_log', 'contract_action', 'contract_state_change',
                      'contract_transaction_hash', 'ethereum_transaction')
  and not x.indisprimary
  and not exists (select 1 from pg_constraint k where k.conindid = c.oid);

do $$
declare r record;
begin
  for r in select * from cgen_saved_indexes loop
    execute format('drop index %I.%I', r.schemaname, r.indexname);
  end loop;
end $$;

-- ---------------------------------------------------------------- contracts
insert into entity (id, num, realm, shard, type, key, memo, created_timestamp, auto_renew_period,
                    deleted, evm_address, max_automatic_token_associations, ethereum_nonce,
                    decline_reward, staked_node_id, stake_period_start, balance, balance_timestamp,
                    timestamp_range)
select c.id, c.id, 0, 0, 'CONTRACT',
       '\x1220'::bytea || decode(md5('ckey-' || c.k) || md5('ckey2-' || c.k), 'hex'),
       'contract ' || c.k,
       c.created, 7776000, false,
       case when c.k % 10 = 0 then substring(sha256(convert_to('create2-' || c.k, 'UTF8')) from 1 for 20) end,
       0, 1, false, -1, -1, 0, c.created,
       int8range(c.created, null)
from cgen_params p
cross join lateral (select p.contract_base + k as id, k,
                           p.t0_ns - 3 * 86400 * 1000000000::bigint + k * 1000000 as created
                    from generate_series(0::bigint, p.contracts - 1) k) c;

insert into contract (id, file_id, initcode, runtime_bytecode)
select p.contract_base + k, null, null,
       (select string_agg(sha256(int8send(k * 1000 + j)), ''::bytea order by j)
        from generate_series(1::bigint, 64 + pg_temp.h(k, 40) % 129) j)
from cgen_params p, generate_series(0::bigint, p.contracts - 1) k;

-- ---------------------------------------------------------------- contract calls
-- Each call's transaction, its receiver and value (the transfer to a user account that is not the
-- payer's; 0.0.98 takes the fee) and its contract.
create temp table cgen_call as
select t.consensus_timestamp as ts,
       t.payer_account_id    as payer,
       t.transaction_hash    as hapi_hash,
       t.index               as transaction_index,
       x.i,
       x.i / p.every % p.ethereum_every = 0 as ethereum,
       p.contract_base + least(p.contracts - 1,
                               floor(p.contracts * power((pg_temp.h(x.i, 41) % 1000000) / 1000000.0, 3))::bigint)
         as contract_id,
       ct.entity_id as receiver,
       ct.amount,
       pg_temp.h(x.i, 42) % 5     as logs,
       1 + pg_temp.h(x.i, 43) % 4 as state_changes,
       21000 + pg_temp.h(x.i, 44) % 200000 as gas_used
from cgen_params p
join transaction t on true
cross join lateral (select (t.consensus_timestamp - p.t0_ns) / 1000000 as i) x
join crypto_transfer ct on ct.consensus_timestamp = t.consensus_timestamp and ct.amount > 0 and ct.entity_id >= 1001
where x.i % p.every = p.every / 2
  and x.i % 100 <> 0;
create index on cgen_call (ts);
analyze cgen_call;

update transaction t
set type = case when c.ethereum then 50 else 7 end,
    entity_id = c.contract_id
from cgen_call c
where t.consensus_timestamp = c.ts;

-- Function selectors and event signatures the calls and logs use.
create temp table cgen_selector as
select n, decode(s, 'hex') as selector
from (values (0, 'a9059cbb'), (1, '095ea7b3'), (2, '38ed1739'), (3, 'd0e30db0')) v(n, s);
create temp table cgen_event as
select n, decode(s, 'hex') as topic0
from (values (0, 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'),
             (1, '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'),
             (2, '1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1'),
             (3, 'd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822')) v(n, s);

insert into contract_result (consensus_timestamp, contract_id, payer_account_id, sender_id, amount, bloom,
                             call_result, created_contract_ids, function_parameters, gas_consumed, gas_limit,
                             gas_used, transaction_hash, transaction_index, transaction_nonce, transaction_result)
select c.ts, c.contract_id, c.payer, c.payer, c.amount,
       case when c.logs > 0 then decode(repeat(md5('bloom-' || c.i), 16), 'hex') else ''::bytea end,
       pg_temp.word(1),
       '{}',
       s.selector || pg_temp.word(c.receiver) || pg_temp.word(c.amount),
       c.gas_used,
       c.gas_used + 50000 + pg_temp.h(c.i, 45) % 250000,
       c.gas_used,
       case when c.ethereum then sha256(convert_to('eth-' || c.i, 'UTF8')) else substring(c.hapi_hash from 1 for 32) end,
       c.transaction_index, 0, 22
from cgen_call c
join cgen_selector s on s.n = pg_temp.h(c.i, 48) % 4
order by c.ts;

insert into contract_transaction_hash (consensus_timestamp, entity_id, hash, payer_account_id, transaction_result)
select consensus_timestamp, contract_id, transaction_hash, payer_account_id, transaction_result
from contract_result
order by consensus_timestamp;

insert into contract_transaction (consensus_timestamp, entity_id, contract_ids, payer_account_id)
select c.ts, v.entity_id, array[c.contract_id], c.payer
from cgen_call c
cross join lateral (values (c.payer), (c.contract_id)) v(entity_id)
order by c.ts, v.entity_id;

insert into contract_action (consensus_timestamp, index, call_depth, call_type, call_operation_type, caller,
                             caller_type, gas, gas_used, input, payer_account_id, recipient_account,
                             recipient_contract, result_data, result_data_type, value)
select r.consensus_timestamp, 0, 0, 1, 1, r.payer_account_id, 'ACCOUNT'::entity_type, r.gas_limit, r.gas_used,
       r.function_parameters, r.payer_account_id, null, r.contract_id, r.call_result, 11, r.amount
from contract_result r
union all
select c.ts, 1, 1, 1, 1, c.contract_id, 'CONTRACT'::entity_type, 2300, 0, ''::bytea, c.payer, c.receiver, null, ''::bytea, 11, c.amount
from cgen_call c
order by 1, 2;

insert into contract_log (consensus_timestamp, index, contract_id, root_contract_id, payer_account_id, bloom, data,
                          topic0, topic1, topic2, topic3, transaction_hash, transaction_index, synthetic)
select c.ts, j, c.contract_id, c.contract_id, c.payer,
       decode(repeat(md5('bloom-' || c.i || '-' || j), 16), 'hex'),
       pg_temp.word(c.amount + j),
       e.topic0, pg_temp.word(c.payer), pg_temp.word(c.receiver), null,
       r.transaction_hash, c.transaction_index, false
from cgen_call c
join contract_result r on r.consensus_timestamp = c.ts
cross join lateral generate_series(0::bigint, c.logs - 1) j
join cgen_event e on e.n = (c.i + j) % 4
order by c.ts, j;

-- Each write's value_read is the slot's previous value_written (zero before the first).
insert into contract_state_change (consensus_timestamp, contract_id, slot, payer_account_id, value_read,
                                   value_written, migration)
select w.ts, w.contract_id, w.slot, w.payer,
       coalesce(lag(w.value_written) over (partition by w.contract_id, w.slot order by w.ts), pg_temp.word(0)),
       w.value_written, false
from (select c.ts, c.contract_id, c.payer,
             -- m + 7j (mod 32) differ for j < 4: no two writes of one call share a slot.
             pg_temp.slot(c.contract_id, (pg_temp.h(c.i, 46) + j * 7) % p.slots_per_contract) as slot,
             pg_temp.word(pg_temp.h(c.i * 8 + j, 47) % 1000000000000) as value_written
      from cgen_params p, cgen_call c
      cross join lateral generate_series(0::bigint, c.state_changes - 1) j) w
order by 1, 2, 3;

insert into contract_state (contract_id, slot, value, created_timestamp, modified_timestamp)
select contract_id, slot,
       (array_agg(value_written order by consensus_timestamp desc))[1],
       min(consensus_timestamp), max(consensus_timestamp)
from contract_state_change
group by contract_id, slot
order by contract_id, slot;

-- Type 2 (EIP-1559) transactions to the contract's long-zero address, value in weibars (tinybars x 10^10).
insert into ethereum_transaction (consensus_timestamp, hash, payer_account_id, type, chain_id, nonce, gas_limit,
                                  max_fee_per_gas, max_priority_fee_per_gas, max_gas_allowance, to_address, value,
                                  call_data, data, signature_r, signature_s, signature_v, recovery_id)
select r.consensus_timestamp, r.transaction_hash, r.payer_account_id, 2, '\x0128'::bytea,
       row_number() over (partition by r.payer_account_id order by r.consensus_timestamp) - 1,
       r.gas_limit, '\x2f'::bytea, '\x00'::bytea, 0,
       pg_temp.long_zero(r.contract_id),
       ltrim(int8send(r.amount * 10000000000), '\x00'::bytea),
       r.function_parameters,
       '\x02'::bytea || sha256(convert_to('raw-' || r.consensus_timestamp, 'UTF8')) || r.function_parameters,
       sha256(convert_to('r-' || r.consensus_timestamp, 'UTF8')),
       sha256(convert_to('s-' || r.consensus_timestamp, 'UTF8')),
       null, (r.consensus_timestamp % 2)::smallint
from contract_result r
join cgen_call c on c.ts = r.consensus_timestamp and c.ethereum
order by r.consensus_timestamp;

update record_file f
set gas_used = g.gas_used
from (select f2.index, sum(r.gas_used)::bigint as gas_used
      from record_file f2
      join contract_result r on r.consensus_timestamp between f2.consensus_start and f2.consensus_end
      group by f2.index) g
where f.index = g.index;

-- ---------------------------------------------------------------- recreate indexes, vacuum, analyze
do $$
declare r record;
begin
  for r in select * from cgen_saved_indexes loop
    execute r.indexdef;
  end loop;
end $$;

commit;
reset synchronous_commit;
vacuum analyze transaction;
vacuum analyze record_file;
vacuum analyze entity;
vacuum analyze contract;
vacuum analyze contract_result;
vacuum analyze contract_log;
vacuum analyze contract_action;
vacuum analyze contract_state;
vacuum analyze contract_state_change;
vacuum analyze contract_transaction;
vacuum analyze contract_transaction_hash;
vacuum analyze ethereum_transaction;

select 'contract' as table_name, count(*) from contract
union all select 'contract_result', count(*) from contract_result
union all select 'contract_log', count(*) from contract_log
union all select 'contract_action', count(*) from contract_action
union all select 'contract_state_change', count(*) from contract_state_change
union all select 'contract_state', count(*) from contract_state
union all select 'contract_transaction', count(*) from contract_transaction
union all select 'contract_transaction_hash', count(*) from contract_transaction_hash
union all select 'ethereum_transaction', count(*) from ethereum_transaction;

-- Consistency checks, which fail the load: every result has its contract transaction, and every
-- call's value reaches its receiver in the transaction's transfers.
do $$
begin
  if exists (select 1 from contract_result r
             left join transaction t on t.consensus_timestamp = r.consensus_timestamp and t.type in (7, 50)
                                    and t.entity_id = r.contract_id
             where t.consensus_timestamp is null) then
    raise exception 'a contract result without its contract transaction';
  end if;
  if exists (select 1 from contract_action a
             left join crypto_transfer ct on ct.consensus_timestamp = a.consensus_timestamp
                                         and ct.entity_id = a.recipient_account and ct.amount = a.value
             where a.call_depth = 1 and ct.consensus_timestamp is null) then
    raise exception 'a forwarded value that is not in its transaction''s transfers';
  end if;
end $$;
