import http from "node:http";
import type net from "node:net";
import type { ParsedMail } from "mailparser";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** Test-only: a real SMTP server that keeps every message it accepts, parsed. */
export async function startSmtpSink(port = 0) {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      // Accepted only once parsed, so a sent message is in `mails` when sendMail resolves.
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const bound = await listening(server.server, () => server.listen(port, "127.0.0.1"));
  return { mails, url: `smtp://127.0.0.1:${bound}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type ReceivedHook = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** Test-only: a real HTTP receiver; `answer` picks each request's status (200 unless told). */
export async function startWebhookReceiver(port = 0) {
  const received: ReceivedHook[] = [];
  const state: { answer: (hook: ReceivedHook) => number | Promise<number> } = { answer: () => 200 };
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", async () => {
      const hook = { path: request.url ?? "/", headers: request.headers, body };
      received.push(hook);
      const status = await state.answer(hook);
      response.writeHead(status, status >= 300 && status < 400 ? { location: "http://127.0.0.1:1/elsewhere" } : {});
      response.end();
    });
  });
  server.keepAliveTimeout = 1;
  const bound = await listening(server, () => server.listen(port, "127.0.0.1"));
  return {
    received,
    state,
    url: (path: string) => `http://127.0.0.1:${bound}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts `server` listening; resolves with its port (the one the system chose, for port 0), rejects if it cannot listen (a port taken). */
function listening(server: net.Server, listen: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.removeListener("error", reject);
      resolve((server.address() as net.AddressInfo).port);
    });
    listen();
  });
}
