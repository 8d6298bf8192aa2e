-- A component may be under maintenance, as in Statuspage's manage API and console (lib/status/vocabulary.ts);
-- /api/v2 keeps its four values and shows such a component as operational.

ALTER TABLE status.component DROP CONSTRAINT component_status_check;
ALTER TABLE status.component ADD CONSTRAINT component_status_check
  CHECK (status IN ('operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'));
ALTER TABLE status.incident_component DROP CONSTRAINT incident_component_window_status_check;
ALTER TABLE status.incident_component ADD CONSTRAINT incident_component_window_status_check
  CHECK (window_status IN ('operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'));
ALTER TABLE status.incident_component DROP CONSTRAINT incident_component_restore_status_check;
ALTER TABLE status.incident_component ADD CONSTRAINT incident_component_restore_status_check
  CHECK (restore_status IN ('operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'));
ALTER TABLE status.incident_update_component DROP CONSTRAINT incident_update_component_old_status_check;
ALTER TABLE status.incident_update_component ADD CONSTRAINT incident_update_component_old_status_check
  CHECK (old_status IN ('operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'));
ALTER TABLE status.incident_update_component DROP CONSTRAINT incident_update_component_new_status_check;
ALTER TABLE status.incident_update_component ADD CONSTRAINT incident_update_component_new_status_check
  CHECK (new_status IN ('operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'));
ALTER TABLE status.component_status_change DROP CONSTRAINT component_status_change_old_status_check;
ALTER TABLE status.component_status_change ADD CONSTRAINT component_status_change_old_status_check
  CHECK (old_status IN ('operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'));
ALTER TABLE status.component_status_change DROP CONSTRAINT component_status_change_new_status_check;
ALTER TABLE status.component_status_change ADD CONSTRAINT component_status_change_new_status_check
  CHECK (new_status IN ('operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'));
