import { expect, test } from "@playwright/test";
import { example, grouped, priceOverHttp, saveScreenshot } from "./pages-fixtures";

test("the fee page prices an uploaded file, the same total as the API", async ({ page, request }) => {
  const bytes = example("token-create");
  const api = await priceOverHttp(request, bytes);
  await page.goto("/fees");
  await page.getByLabel(/Drop a file of raw transaction bytes/).setInputFiles({ name: "token-create.bin", mimeType: "application/octet-stream", buffer: bytes });
  await expect(page.getByTestId("fee-total")).toContainText(`${grouped(api.body.total)} tinycents`);
  await expect(page.getByTestId("fee-total-tinycents")).toHaveText(grouped(api.body.total));
  await expect(page.getByText("TokenCreate").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Itemized fee" })).toContainText("TOKEN_CREATE_WITH_CUSTOM_FEE");
});

test("the fee page prices pasted hex and pasted base64 alike", async ({ page, request }) => {
  const bytes = example("multisig-transfer");
  const api = await priceOverHttp(request, bytes);
  await page.goto("/fees");
  const field = page.getByLabel("…or paste the bytes as hex or base64");
  await field.fill(`0x${bytes.toString("hex").replace(/(.{64})/g, "$1\n")}`);
  await page.getByRole("button", { name: "Estimate fee" }).click();
  await expect(page.getByTestId("fee-total")).toContainText(`${grouped(api.body.total)} tinycents`);
  await expect(page.getByRole("region", { name: "Itemized fee" })).toContainText("SIGNATURES");
  await expect(page.getByText("Signatures", { exact: true })).toBeVisible();

  await page.reload();
  await field.fill(bytes.toString("base64"));
  await page.getByRole("button", { name: "Estimate fee" }).click();
  await expect(page.getByTestId("fee-total")).toContainText(`${grouped(api.body.total)} tinycents`);
  await expect(page.getByText("0.0.1001@1767225600.000000000")).toBeVisible();
});

test("a malformed paste shows the API's own error next to the input", async ({ page, request }) => {
  const api = await priceOverHttp(request, Buffer.from("deadbeef", "hex"));
  expect(api.status).toBe(400);
  const [error] = api.body._status!.messages;
  await page.goto("/fees");
  const field = page.getByLabel("…or paste the bytes as hex or base64");
  await field.fill("0xdeadbeef");
  await page.getByRole("button", { name: "Estimate fee" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "refused" });
  await expect(alert).toContainText("HTTP 400");
  await expect(alert).toContainText(error!.message);
  await expect(alert).toContainText(error!.detail!);
  await expect(field).toHaveAttribute("aria-invalid", "true");

  // Text that is not bytes at all is caught before any request, saying why.
  await field.fill("0xabc");
  await page.getByRole("button", { name: "Estimate fee" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "even number of digits" })).toBeVisible();
});

test("an example gives a link that opens the same result, even without JavaScript", async ({ page, browser, request }) => {
  const api = await priceOverHttp(request, example("nft-mint"));
  await page.goto("/fees");
  await page.getByRole("link", { name: "NFT mint" }).click();
  await expect(page.getByTestId("fee-total")).toContainText(grouped(api.body.total));
  await expect(page).toHaveURL(/example=nft-mint/);
  const link = await page.getByLabel("Link to this result").inputValue();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const shared = await context.newPage();
  await shared.goto(link);
  await expect(shared.getByTestId("fee-total")).toContainText(grouped(api.body.total));
  await context.close();
});

test("a high-volume transaction shows the multiplied price at the chosen throttle", async ({ page, request }) => {
  const api = await priceOverHttp(request, example("high-volume-account-create"), "mode=INTRINSIC&high_volume_throttle=37");
  expect(api.body.high_volume_multiplier).toBe(51333);
  await page.goto("/fees");
  await page.getByRole("link", { name: "High-volume account create" }).click();
  await expect(page.getByTestId("fee-high-volume")).toContainText(grouped((BigInt(api.body.total) * 51333n) / 1000n));
  await expect(page.getByText("the itemized total × 51.333")).toBeVisible();
  // The headline's high-volume price is the itemized table's last line.
  await expect(page.getByTestId("fee-high-volume-tinycents")).toHaveText(grouped((BigInt(api.body.total) * 51333n) / 1000n));
});

test("a price over the transaction's max fee is called out; one under it is not", async ({ page }, testInfo) => {
  // The high-volume example allows 2 ℏ; at 50% utilization its price is far above that.
  await page.goto("/fees?example=high-volume-account-create&throttle=5000");
  await expect(page.getByTestId("fee-over-max")).toContainText(/about [\d.,]+ ℏ, is more than the 2 ℏ the transaction allows/);
  await saveScreenshot(page, testInfo, "fees-over-max-fee");
  await page.goto("/fees?example=hbar-transfer");
  await expect(page.getByTestId("fee-total")).toContainText("tinycents");
  await expect(page.getByText(/Exchange rate from the mirror node/)).toBeVisible();
  await expect(page.getByTestId("fee-over-max")).toHaveCount(0);
});

test("a refused file marks the file box, not the paste box, and says what a file must hold", async ({ page }, testInfo) => {
  await page.goto("/fees");
  const fileInput = page.getByLabel(/Drop a file of raw transaction bytes/);
  await fileInput.setInputFiles({ name: "transaction.txt", mimeType: "text/plain", buffer: Buffer.from("0a0b0c0d\n") });
  const box = page.getByTestId("file-box");
  await expect(box).toHaveAttribute("data-invalid", "true");
  await expect(fileInput).toHaveAttribute("aria-invalid", "true");
  await expect(box.getByRole("alert")).toContainText("HTTP 400");
  await expect(box).toContainText("raw binary bytes of one protobuf Transaction");
  await expect(box).toContainText("hex text instead: paste its contents into the box below");
  await expect(page.getByLabel("…or paste the bytes as hex or base64")).toHaveAttribute("aria-invalid", "false");
  await saveScreenshot(page, testInfo, "fees-refused-file");
});

test("STATE mode goes to the API as mode=STATE", async ({ page }) => {
  await page.goto("/fees");
  await page.getByLabel("STATE").check();
  const sent = page.waitForRequest((candidate) => candidate.url().includes("/api/v1/network/fees") && candidate.method() === "POST");
  await page.getByRole("link", { name: "Token transfer" }).click();
  expect(new URL((await sent).url()).searchParams.get("mode")).toBe("STATE");
  expect((await sent).headers()["content-type"]).toBe("application/protobuf");
  await expect(page.getByTestId("fee-total")).toBeVisible();
});
