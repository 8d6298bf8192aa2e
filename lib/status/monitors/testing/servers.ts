import http from "node:http";
import net from "node:net";

/**
 * Test-only: local servers a test drives up, slow and down on command, on
 * a port of the suite's range.
 * `down` closes the listener, so connections are refused; `up` listens on
 * the same port again.
 */
export type ServerMode = "up" | "slow" | "down" | "error";

export type ControlledServer = {
  url: string;
  port: number;
  set(mode: ServerMode): Promise<void>;
  /** The requests seen: method, path, headers. */
  seen: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
};

/**
 * An HTTP server answering `200 {"status":{"indicator":"none"}}` (`up`), the
 * same after `slowMs` (`slow`), 500 (`error`), or nothing at all (`down`).
 * `routes` adds fixed answers (redirects, other bodies) by path.
 */
export async function controlledHttpServer(
  port: number,
  options: { slowMs?: number; routes?: Record<string, (request: http.IncomingMessage, response: http.ServerResponse) => void> } = {},
): Promise<ControlledServer> {
  let mode: ServerMode = "up";
  const seen: ControlledServer["seen"] = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers });
    const fixed = options.routes?.[request.url ?? ""];
    if (fixed) return fixed(request, response);
    const answer = () => {
      if (mode === "error") return response.writeHead(500).end("broken");
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: { indicator: "none" }, items: [1, 2] }));
    };
    if (mode === "slow") setTimeout(answer, options.slowMs ?? 1_000);
    else answer();
  });
  return controlled(server, port, `http://127.0.0.1:${port}`, (next) => (mode = next), seen);
}

/** A TCP server that accepts and closes connections while `up`, and refuses them while `down`. */
export async function controlledTcpServer(port: number): Promise<ControlledServer> {
  const server = net.createServer((socket) => socket.end());
  return controlled(server, port, `tcp://127.0.0.1:${port}`, () => undefined, []);
}

async function controlled(server: net.Server, port: number, url: string, setMode: (mode: ServerMode) => void, seen: ControlledServer["seen"]): Promise<ControlledServer> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen(port);
  return {
    url,
    port,
    seen,
    async set(mode) {
      if (mode === "down") await stop();
      else if (!server.listening) await listen(port);
      setMode(mode);
    },
    close: stop,
  };
}
