-- A component may be under maintenance, as in Statuspage's manage API and console (lib/status/vocabulary.ts);
-- /api/v2 keeps its four values and shows such a component as operational. Every column holding a
-- component status gets the fifth value in its CHECK, under the constraint's own name.
DO $$
DECLARE
  target text[];
BEGIN
  FOREACH target SLICE 1 IN ARRAY ARRAY[
    ['component', 'status'],
    ['incident_component', 'window_status'],
    ['incident_component', 'restore_status'],
    ['incident_update_component', 'old_status'],
    ['incident_update_component', 'new_status'],
    ['component_status_change', 'old_status'],
    ['component_status_change', 'new_status']
  ] LOOP
    EXECUTE format('ALTER TABLE status.%I DROP CONSTRAINT %I', target[1], target[1] || '_' || target[2] || '_check');
    EXECUTE format(
      'ALTER TABLE status.%I ADD CONSTRAINT %I CHECK (%I IN (''operational'', ''under_maintenance'', ''degraded_performance'', ''partial_outage'', ''major_outage''))',
      target[1], target[1] || '_' || target[2] || '_check', target[2]);
  END LOOP;
END $$;
