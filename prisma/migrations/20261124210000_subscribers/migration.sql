-- Subscribers and the notification outbox (issue 21).
--
-- A write that notifies inserts ONE notification_event row in its own
-- transaction (so it commits in constant time however many subscribers there
-- are); the delivery workers fan each event out to one notification_delivery
-- row per matching subscriber in a single statement, then deliver those rows
-- under leases.

CREATE TABLE status.subscriber (
  id               text PRIMARY KEY,
  page_id          text NOT NULL REFERENCES status.page (id) ON DELETE CASCADE,
  mode             text NOT NULL CHECK (mode IN ('email', 'webhook')),
  email            text,
  endpoint         text,
  -- Empty: the whole page. Otherwise only incidents, maintenances and
  -- component updates that name one of these components.
  component_ids    text[] NOT NULL DEFAULT '{}',
  confirm_token    text NOT NULL UNIQUE,
  manage_token     text NOT NULL UNIQUE,
  -- Webhooks: the HMAC-SHA256 key of this subscription's signatures.
  webhook_secret   text,
  created_at       timestamptz(3) NOT NULL,
  confirmed_at     timestamptz(3),
  quarantined_at   timestamptz(3),
  unsubscribed_at  timestamptz(3),
  CHECK ((mode = 'email') = (email IS NOT NULL)),
  CHECK ((mode = 'webhook') = (endpoint IS NOT NULL AND webhook_secret IS NOT NULL))
);
CREATE INDEX subscriber_page_id_idx ON status.subscriber (page_id, created_at);

CREATE TABLE status.notification_event (
  id             bigserial PRIMARY KEY,
  page_id        text NOT NULL REFERENCES status.page (id) ON DELETE CASCADE,
  -- incident.created | incident.updated | incident.resolved | maintenance.scheduled |
  -- maintenance.started | maintenance.updated | maintenance.completed | component.updated | subscriber.confirmation
  kind           text NOT NULL,
  component_ids  text[] NOT NULL DEFAULT '{}',
  -- Set: the event goes to this one subscriber only (a confirmation).
  subscriber_id  text REFERENCES status.subscriber (id) ON DELETE CASCADE,
  -- What is delivered, as it was at the write (incident or component change).
  data           jsonb NOT NULL,
  created_at     timestamptz(3) NOT NULL,
  fanned_out_at  timestamptz(3)
);
CREATE INDEX notification_event_pending_idx ON status.notification_event (id) WHERE fanned_out_at IS NULL;

CREATE TABLE status.notification_delivery (
  id               bigserial PRIMARY KEY,
  event_id         bigint NOT NULL REFERENCES status.notification_event (id) ON DELETE CASCADE,
  subscriber_id    text NOT NULL REFERENCES status.subscriber (id) ON DELETE CASCADE,
  -- Sent with every attempt, so a receiver can drop a repeat.
  idempotency_key  text NOT NULL UNIQUE,
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
  attempts         int4 NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz(3) NOT NULL,
  lease_until      timestamptz(3),
  last_error       text,
  delivered_at     timestamptz(3),
  UNIQUE (event_id, subscriber_id)
);
CREATE INDEX notification_delivery_due_idx ON status.notification_delivery (next_attempt_at) WHERE state = 'pending';
CREATE INDEX notification_delivery_subscriber_idx ON status.notification_delivery (subscriber_id);
