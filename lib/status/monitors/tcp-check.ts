import net from "node:net";
import type { z } from "zod";
import type { tcpConfig } from "./config";
import type { Measurement } from "./measurement";
import { elapsedMs, errorText } from "./measurement";

/** A `tcp` check: the port accepts a connection within the timeout, which is closed at once. */
export function runTcpCheck(config: z.output<typeof tcpConfig>, timeoutMs: number): Promise<Measurement> {
  const start = performance.now();
  const target = `${config.host}:${config.port}`;
  return new Promise((resolve) => {
    const socket = net.connect({ host: config.host, port: config.port });
    const finish = (ok: boolean, message: string) => {
      clearTimeout(timer);
      socket.destroy();
      const latencyMs = elapsedMs(start);
      resolve({ ok, latencyMs, measure: latencyMs, message });
    };
    const timer = setTimeout(() => finish(false, `${target} timed out after ${timeoutMs} ms`), timeoutMs);
    socket.once("connect", () => finish(true, `${target} accepted a connection in ${Math.round(elapsedMs(start))} ms`));
    socket.once("error", (error) => finish(false, `${target}: ${errorText(error)}`));
  });
}
