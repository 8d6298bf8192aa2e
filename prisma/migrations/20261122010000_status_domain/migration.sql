-- The status domain (lib/status). Value sets are CHECKed here with the wire values.

ALTER TABLE status.page ADD COLUMN revision int8 NOT NULL DEFAULT 0;

CREATE TABLE status.component_group (
  id          text PRIMARY KEY,
  page_id     text NOT NULL REFERENCES status.page (id) ON DELETE CASCADE,
  name        text NOT NULL,
  description text,
  position    int4 NOT NULL CHECK (position >= 1),
  created_at  timestamptz(3) NOT NULL,
  updated_at  timestamptz(3) NOT NULL
);
CREATE INDEX component_group_page_id_idx ON status.component_group (page_id);

CREATE TABLE status.component (
  id                    text PRIMARY KEY,
  page_id               text NOT NULL REFERENCES status.page (id) ON DELETE CASCADE,
  group_id              text REFERENCES status.component_group (id) ON DELETE SET NULL,
  name                  text NOT NULL,
  description           text,
  status                text NOT NULL CHECK (status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  position              int4 NOT NULL CHECK (position >= 1),
  showcase              bool NOT NULL DEFAULT false,
  only_show_if_degraded bool NOT NULL DEFAULT false,
  start_date            date,
  created_at            timestamptz(3) NOT NULL,
  updated_at            timestamptz(3) NOT NULL
);
CREATE INDEX component_page_id_idx ON status.component (page_id);
CREATE INDEX component_group_id_idx ON status.component (group_id);

CREATE TABLE status.incident (
  id                         text PRIMARY KEY,
  page_id                    text NOT NULL REFERENCES status.page (id) ON DELETE CASCADE,
  name                       text NOT NULL,
  status                     text NOT NULL,
  impact                     text NOT NULL CHECK (impact IN ('none', 'minor', 'major', 'critical')),
  impact_override            text CHECK (impact_override IN ('none', 'minor', 'major', 'critical')),
  shortlink                  text NOT NULL,
  created_at                 timestamptz(3) NOT NULL,
  updated_at                 timestamptz(3) NOT NULL,
  started_at                 timestamptz(3) NOT NULL,
  monitoring_at              timestamptz(3),
  resolved_at                timestamptz(3),
  scheduled_for              timestamptz(3),
  scheduled_until            timestamptz(3),
  scheduled_auto_in_progress bool NOT NULL DEFAULT false,
  scheduled_auto_completed   bool NOT NULL DEFAULT false,
  scheduled_remind_prior     bool NOT NULL DEFAULT false,
  -- An incident has no window and an incident status; a maintenance has a forward window and a maintenance status.
  CONSTRAINT incident_kind_check CHECK (
    (scheduled_for IS NULL AND scheduled_until IS NULL
      AND status IN ('investigating', 'identified', 'monitoring', 'resolved', 'postmortem'))
    OR (scheduled_for IS NOT NULL AND scheduled_until > scheduled_for
      AND status IN ('scheduled', 'in_progress', 'verifying', 'completed'))
  )
);
CREATE INDEX incident_page_id_created_at_idx ON status.incident (page_id, created_at);
CREATE INDEX incident_page_id_status_idx ON status.incident (page_id, status);

CREATE TABLE status.incident_component (
  incident_id    text NOT NULL REFERENCES status.incident (id) ON DELETE CASCADE,
  component_id   text NOT NULL REFERENCES status.component (id) ON DELETE CASCADE,
  position       int4 NOT NULL,
  window_status  text CHECK (window_status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  restore_status text CHECK (restore_status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  PRIMARY KEY (incident_id, component_id)
);
CREATE INDEX incident_component_component_id_idx ON status.incident_component (component_id);

CREATE TABLE status.incident_update (
  id                    text PRIMARY KEY,
  incident_id           text NOT NULL REFERENCES status.incident (id) ON DELETE CASCADE,
  status                text NOT NULL CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved', 'postmortem',
                                                        'scheduled', 'in_progress', 'verifying', 'completed')),
  body                  text NOT NULL,
  display_at            timestamptz(3) NOT NULL,
  created_at            timestamptz(3) NOT NULL,
  updated_at            timestamptz(3) NOT NULL,
  deliver_notifications bool NOT NULL DEFAULT true
);
CREATE INDEX incident_update_incident_id_idx ON status.incident_update (incident_id);

CREATE TABLE status.incident_update_component (
  update_id    text NOT NULL REFERENCES status.incident_update (id) ON DELETE CASCADE,
  component_id text NOT NULL,
  position     int4 NOT NULL,
  name         text NOT NULL,
  old_status   text NOT NULL CHECK (old_status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  new_status   text NOT NULL CHECK (new_status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  PRIMARY KEY (update_id, component_id)
);

CREATE TABLE status.component_status_change (
  id           bigserial PRIMARY KEY,
  component_id text NOT NULL REFERENCES status.component (id) ON DELETE CASCADE,
  old_status   text CHECK (old_status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  new_status   text NOT NULL CHECK (new_status IN ('operational', 'degraded_performance', 'partial_outage', 'major_outage')),
  changed_at   timestamptz(3) NOT NULL,
  cause        text NOT NULL CHECK (cause IN ('created', 'manual', 'incident', 'maintenance')),
  incident_id  text
);
CREATE INDEX component_status_change_component_id_changed_at_idx ON status.component_status_change (component_id, changed_at);

CREATE TABLE status.api_key (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  key_hash   text NOT NULL UNIQUE,
  scopes     text[] NOT NULL CHECK (scopes <@ ARRAY['read', 'write']::text[]),
  created_at timestamptz(3) NOT NULL,
  revoked_at timestamptz(3)
);

CREATE TABLE status.audit_log (
  id          bigserial PRIMARY KEY,
  page_id     text NOT NULL REFERENCES status.page (id) ON DELETE CASCADE,
  api_key_id  text,
  actor       text NOT NULL,
  action      text NOT NULL,
  entity_type text NOT NULL,
  entity_id   text NOT NULL,
  before      jsonb,
  after       jsonb,
  created_at  timestamptz(3) NOT NULL
);
CREATE INDEX audit_log_page_id_id_idx ON status.audit_log (page_id, id);

CREATE TABLE status.rate_limit_window (
  api_key_id   text NOT NULL,
  window_start timestamptz(3) NOT NULL,
  count        int4 NOT NULL,
  PRIMARY KEY (api_key_id, window_start)
);
