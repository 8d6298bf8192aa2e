"use client";

import { useId } from "react";
import type { ConsoleMonitor } from "@/lib/pages/admin-monitors";
import { clearManualStatus, deleteMonitor, saveMonitor } from "@/lib/pages/console-actions";
import { Field } from "./field";
import { CONTROL } from "./form-styles";
import { SubmitButton } from "./submit-button";
import { useRecordWrite } from "./write-results";

/** What each type's config looks like, as the placeholder of a new monitor's config. */
const CONFIG_EXAMPLE: Record<string, string> = {
  http: '{"url": "https://example.com/health", "expected_status": [200]}',
  tcp: '{"host": "db.example.com", "port": 5432}',
  "ledger-freshness": "{}",
  "mirror-api": '{"paths": ["/api/v1/blocks?limit=1"]}',
  "fee-estimate": '{"example": "hbar-transfer", "expected_total": 1000000}',
};

const json = (value: unknown) => JSON.stringify(value, null, 1);

/**
 * A monitor's settings, new or edited, written through the manage API
 * (`POST /monitors`, `PATCH /monitors/{id}`). Config and thresholds are the
 * API's JSON; it checks them, and its verdict shows in the write panel.
 */
type FormProps = {
  components: readonly { id: string; name: string }[];
  /** The monitor types (lib/status/monitors/config.ts), passed in so its zod schemas stay off the browser. */
  types: readonly string[];
  monitor?: ConsoleMonitor;
};

export function MonitorForm({ components, types, monitor }: FormProps) {
  const record = useRecordWrite();
  const id = useId();
  const config = monitor ? json(monitor.config) : "";
  return (
    <form action={async (formData) => record(await saveMonitor(formData))} className="grid gap-3 sm:grid-cols-2">
      {monitor && <input type="hidden" name="monitor_id" value={monitor.id} />}
      <input type="hidden" name="original_config" value={config} />
      <Field id={`${id}-name`} label="Name">
        <input id={`${id}-name`} name="name" required maxLength={255} defaultValue={monitor?.name} className={CONTROL} />
      </Field>
      <Field id={`${id}-component`} label="Component">
        <select id={`${id}-component`} name="component_id" defaultValue={monitor?.component_id} className={CONTROL}>
          {components.map((component) => (
            <option key={component.id} value={component.id}>
              {component.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-type`} label="Type">
        <select id={`${id}-type`} name="type" defaultValue={monitor?.type ?? "http"} className={CONTROL}>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-interval`} label="Interval (s)">
          <input id={`${id}-interval`} name="interval_seconds" type="number" min={5} defaultValue={monitor?.interval_seconds ?? 60} className={CONTROL} />
        </Field>
        <Field id={`${id}-timeout`} label="Timeout (ms)">
          <input id={`${id}-timeout`} name="timeout_ms" type="number" min={100} defaultValue={monitor?.timeout_ms ?? 10_000} className={CONTROL} />
        </Field>
      </div>
      <Field id={`${id}-config`} label="Config (JSON)">
        <textarea
          id={`${id}-config`}
          name="config"
          rows={3}
          defaultValue={config}
          placeholder={Object.entries(CONFIG_EXAMPLE).map(([type, example]) => `${type}: ${example}`).join("\n")}
          className={`${CONTROL} font-mono`}
        />
      </Field>
      <Field id={`${id}-thresholds`} label="Thresholds (JSON; empty: the type's defaults)">
        <textarea
          id={`${id}-thresholds`}
          name="thresholds"
          rows={3}
          defaultValue={monitor ? json(monitor.thresholds) : ""}
          placeholder='{"degraded_performance": 1000, "major_outage": 5000}'
          className={`${CONTROL} font-mono`}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-fail`} label="Checks to worsen">
          <input id={`${id}-fail`} name="fail_after" type="number" min={1} defaultValue={monitor?.fail_after ?? 2} className={CONTROL} />
        </Field>
        <Field id={`${id}-recover`} label="Checks to recover">
          <input id={`${id}-recover`} name="recover_after" type="number" min={1} defaultValue={monitor?.recover_after ?? 2} className={CONTROL} />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="enabled" defaultChecked={monitor?.enabled ?? true} /> Enabled
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="auto_incident" defaultChecked={monitor?.auto_incident ?? false} /> Open incidents automatically
        </label>
      </div>
      <div className="sm:col-span-2">
        <SubmitButton>{monitor ? "Save monitor" : "Add monitor"}</SubmitButton>
      </div>
    </form>
  );
}

export function DeleteMonitorForm({ monitor }: { monitor: { id: string; name: string } }) {
  const record = useRecordWrite();
  return (
    <form action={async (formData) => record(await deleteMonitor(formData))}>
      <input type="hidden" name="monitor_id" value={monitor.id} />
      <input type="hidden" name="monitor_name" value={monitor.name} />
      <SubmitButton pendingText="Deleting…">{`Delete ${monitor.name}`}</SubmitButton>
    </form>
  );
}

/** Ends a status set by hand: the component's monitors decide it again, at once. */
export function ClearManualStatusForm({ component }: { component: { id: string; name: string } }) {
  const record = useRecordWrite();
  return (
    <form action={async (formData) => record(await clearManualStatus(formData))}>
      <input type="hidden" name="component_id" value={component.id} />
      <input type="hidden" name="component_name" value={component.name} />
      <SubmitButton pendingText="Clearing…">Clear manual status</SubmitButton>
    </form>
  );
}
