import { expect, test } from "@playwright/test";
import { EMBEDDED_PORT } from "./servers";
import { signIn } from "./pages-fixtures";

test("the console lists monitors per component, with their last check and whose status is in force", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Monitors" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Monitors" })).toBeVisible();
  const mirror = page.getByRole("article", { name: "Mainnet / Mirror Node REST API" });
  await expect(mirror).toContainText("Mirror API");
  await expect(mirror).toContainText("mirror-api, every 60 s");
  await expect(mirror).toContainText(/Last check.*: (passed|failed) in \d+/);
  await expect(mirror).toContainText("Measured: its status follows its monitors.");
  // The demo holds Mainnet Consensus by hand: its freshness monitor watches a ledger that does not grow.
  const consensus = page.getByRole("article", { name: "Mainnet / Consensus" });
  await expect(consensus).toContainText(/Manual: set by hand on .*, it wins over the monitors, which measure/);
  await expect(consensus.getByRole("button", { name: "Clear manual status" })).toBeVisible();

  await page.getByRole("link", { name: "Components" }).click();
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Mainnet / Consensus", exact: true }) });
  await expect(row).toContainText("Manual: set by hand");
});

test("the console adds, edits and deletes a monitor through the manage API", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/monitors");
  const form = page.getByRole("region", { name: "Add a monitor" });
  await form.getByLabel("Name").fill("Own health");
  await form.getByLabel("Component").selectOption({ label: "Testnet / JSON-RPC Relay" });
  await form.getByLabel("Type", { exact: true }).selectOption("http");
  await form.getByLabel("Interval (s)").fill("30");
  await form.getByLabel("Timeout (ms)").fill("2000");
  await form.getByLabel("Config (JSON)").fill(`{"url": "http://127.0.0.1:${EMBEDDED_PORT}/api/health"}`);
  await form.getByRole("button", { name: "Add monitor" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: Monitor “Own health” is created");

  const relay = page.getByRole("article", { name: "Testnet / JSON-RPC Relay" });
  await expect(relay).toContainText("http, every 30 s");
  // A config that is not JSON is refused before the API is asked.
  await relay.getByText("Edit Own health").click();
  await relay.getByLabel("Config (JSON)").fill("{url:");
  await relay.getByRole("button", { name: "Save monitor" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The monitor was not saved" })).toContainText("config: not valid JSON");
  await relay.getByLabel("Config (JSON)").fill(`{"url": "http://127.0.0.1:${EMBEDDED_PORT}/api/health"}`);
  await relay.getByLabel("Interval (s)").fill("45");
  await relay.getByRole("button", { name: "Save monitor" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: Monitor “Own health” is saved");
  await expect(relay).toContainText("http, every 45 s");
  // The manage API's own checks apply: a timeout as long as the interval is refused with its message.
  await relay.locator("details").evaluate((details) => ((details as HTMLDetailsElement).open = true));
  await relay.getByLabel("Timeout (ms)").fill("45000");
  await relay.getByRole("button", { name: "Save monitor" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The manage API refused" })).toContainText("must be shorter than the interval");

  await relay.getByRole("button", { name: "Delete Own health" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: Monitor “Own health” is deleted");
  await expect(page.getByRole("article", { name: "Testnet / JSON-RPC Relay" })).toHaveCount(0);
});

test("clearing a manual status hands the component to its monitors, and setting one by hand takes it back", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/monitors");
  const consensus = page.getByRole("article", { name: "Mainnet / Consensus" });
  await consensus.getByRole("button", { name: "Clear manual status" }).click();
  await expect(page.getByRole("status")).toContainText("Mainnet / Consensus follows its monitors again");
  await expect(consensus).toContainText("Measured: its status follows its monitors.");

  // Back to the demo's state: set by hand, operational.
  await page.goto("/admin/components");
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Mainnet / Consensus", exact: true }) });
  await row.getByLabel("Status of Mainnet / Consensus").selectOption("operational");
  await row.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: Mainnet / Consensus is now operational");
  await expect(row).toContainText("Manual: set by hand");
});
