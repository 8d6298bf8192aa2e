-- Built-in monitors (issue 22): checks the server runs itself, their raw
-- results and aggregates, and what a component needs to know whether its
-- status is measured or set by hand.

-- Set when an operator sets the component's status by hand (directly or
-- through an incident): that status wins over the monitors until cleared
-- (PATCH the component with `"status_source": "measured"`). Null: the
-- status is the worst of the component's enabled monitors, if it has any.
ALTER TABLE status.component ADD COLUMN manual_status_at timestamptz(3);
-- The incident the monitors opened for this component and will resolve on recovery.
ALTER TABLE status.component ADD COLUMN monitor_incident_id text REFERENCES status.incident (id) ON DELETE SET NULL;

ALTER TABLE status.component_status_change DROP CONSTRAINT component_status_change_cause_check;
ALTER TABLE status.component_status_change ADD CONSTRAINT component_status_change_cause_check
  CHECK (cause IN ('created', 'manual', 'incident', 'maintenance', 'monitor'));

CREATE TABLE status.monitor (
  id                    text PRIMARY KEY,
  page_id               text NOT NULL REFERENCES status.page (id) ON DELETE CASCADE,
  component_id          text NOT NULL REFERENCES status.component (id) ON DELETE CASCADE,
  name                  text NOT NULL,
  type                  text NOT NULL CHECK (type IN ('http', 'tcp', 'ledger-freshness', 'mirror-api', 'fee-estimate')),
  -- The type's own settings, validated by lib/status/monitors/config.ts.
  config                jsonb NOT NULL,
  interval_seconds      int4 NOT NULL CHECK (interval_seconds >= 1),
  timeout_ms            int4 NOT NULL CHECK (timeout_ms >= 1),
  -- The measure (latency in ms; for ledger-freshness the age in s) above which a
  -- check is degraded_performance / partial_outage / major_outage; absent keys never apply.
  thresholds            jsonb NOT NULL DEFAULT '{}',
  -- Hysteresis: this many checks in a row worse than `status` to worsen it, better to recover.
  fail_after            int4 NOT NULL DEFAULT 2 CHECK (fail_after >= 1),
  recover_after         int4 NOT NULL DEFAULT 2 CHECK (recover_after >= 1),
  auto_incident         boolean NOT NULL DEFAULT false,
  enabled               boolean NOT NULL DEFAULT true,
  -- The measured status, after hysteresis.
  status                text NOT NULL DEFAULT 'operational'
                          CHECK (status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  -- The run of checks disagreeing with `status`: their count and the status they
  -- support (the mildest of a worsening run, the worst of a recovering one).
  streak_status         text CHECK (streak_status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  streak_count          int4 NOT NULL DEFAULT 0,
  consecutive_failures  int4 NOT NULL DEFAULT 0,
  consecutive_successes int4 NOT NULL DEFAULT 0,
  last_check_at         timestamptz(3),
  -- Scheduling: a row is due at next_run_at; claiming it moves next_run_at one
  -- interval on and leases it (owner, until) for the check's duration.
  next_run_at           timestamptz(3) NOT NULL,
  lease_owner           text,
  lease_until           timestamptz(3),
  created_at            timestamptz(3) NOT NULL,
  updated_at            timestamptz(3) NOT NULL
);
CREATE INDEX monitor_page_id_idx ON status.monitor (page_id, created_at);
CREATE INDEX monitor_component_id_idx ON status.monitor (component_id);
CREATE INDEX monitor_due_idx ON status.monitor (next_run_at) WHERE enabled;

-- Raw results, kept 48 hours.
CREATE TABLE status.monitor_check (
  id          bigserial PRIMARY KEY,
  monitor_id  text NOT NULL REFERENCES status.monitor (id) ON DELETE CASCADE,
  started_at  timestamptz(3) NOT NULL,
  latency_ms  float8 NOT NULL,
  -- False: the check failed outright (refused, timed out, wrong answer).
  ok          boolean NOT NULL,
  status      text NOT NULL CHECK (status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  message     text NOT NULL
);
CREATE INDEX monitor_check_monitor_id_started_at_idx ON status.monitor_check (monitor_id, started_at);
CREATE INDEX monitor_check_started_at_idx ON status.monitor_check (started_at);

-- Per-minute (bucket_seconds 60) and per-hour (3600) aggregates of the raw
-- checks, kept 90 days. Percentiles are over the successful checks' latency.
CREATE TABLE status.monitor_aggregate (
  monitor_id      text NOT NULL REFERENCES status.monitor (id) ON DELETE CASCADE,
  bucket_seconds  int4 NOT NULL CHECK (bucket_seconds IN (60, 3600)),
  bucket_start    timestamptz(3) NOT NULL,
  checks          int4 NOT NULL,
  failures        int4 NOT NULL,
  latency_p50     float8,
  latency_p95     float8,
  latency_p99     float8,
  PRIMARY KEY (monitor_id, bucket_seconds, bucket_start)
);
CREATE INDEX monitor_aggregate_bucket_start_idx ON status.monitor_aggregate (bucket_seconds, bucket_start);

-- Jobs run once across instances (the roll-up and pruning): whoever moves
-- next_run_at on first runs it; ran_at is the previous run's time.
CREATE TABLE status.monitor_job (
  name         text PRIMARY KEY,
  next_run_at  timestamptz(3) NOT NULL,
  ran_at       timestamptz(3)
);
INSERT INTO status.monitor_job (name, next_run_at) VALUES ('rollup', '1970-01-01T00:00:00Z');
