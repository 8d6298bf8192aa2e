-- The maintenance reminder (issue 21): when a maintenance with
-- scheduled_remind_prior was reminded, as Statuspage's scheduled_reminded_at.
-- Set in the same transaction as the reminder's outbox row, under the page
-- row's lock, so exactly one instance sends it; a new scheduled_for clears it.
ALTER TABLE status.incident ADD COLUMN scheduled_reminded_at timestamptz(3);
