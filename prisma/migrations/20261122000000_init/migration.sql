CREATE SCHEMA IF NOT EXISTS status;

CREATE TABLE status.page (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  url        text NOT NULL,
  time_zone  text NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
