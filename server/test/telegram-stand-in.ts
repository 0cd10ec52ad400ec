import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Bot API call the stand-in received: the token from its path, the method and the JSON it sent. */
export type TelegramCall = { token: string; method: string; body: Record<string, unknown> };

/**
 * A local stand-in of the Telegram Bot API (issue 44), served on 127.0.0.1 and given to the app as
 * TELEGRAM_API_BASE: `POST /bot<token>/<method>` with JSON, answered `{ ok: true, result }` or
 * `{ ok: false, error_code, description }` as Telegram does. A token is good when `goodTokens`
 * names it (with its bot's username); any other gets 401 Unauthorized on every method. It keeps
 * every call it was sent.
 */
export function telegramStandIn() {
  const calls: TelegramCall[] = [];
  const goodTokens = new Map<string, string>();
  let messageId = 100;
  /** Methods made to fail once with this answer (e.g. `sendMessage` → 403 blocked by the user). */
  const failures = new Map<string, { error_code: number; description: string }>();

  const result = (call: TelegramCall): unknown => {
    switch (call.method) {
      case 'getMe':
        return { id: Number(call.token.split(':')[0]), is_bot: true, first_name: 'Shop', username: goodTokens.get(call.token) };
      case 'setWebhook':
      case 'deleteWebhook':
      case 'answerCallbackQuery':
        return true;
      case 'sendMessage':
        return { message_id: ++messageId, date: Math.floor(Date.now() / 1000), chat: { id: call.body.chat_id, type: 'private' }, text: call.body.text };
      case 'editMessageText':
        return { message_id: call.body.message_id, date: Math.floor(Date.now() / 1000), chat: { id: call.body.chat_id, type: 'private' }, text: call.body.text };
      default:
        return true;
    }
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return answer(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      const call = { token: decodeURIComponent(match[1]!), method: match[2]!, body };
      calls.push(call);
      if (!goodTokens.has(call.token)) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const failure = failures.get(call.method);
      if (failure) {
        failures.delete(call.method);
        return answer(failure.error_code, { ok: false, ...failure });
      }
      answer(200, { ok: true, result: result(call) });
    });
  });

  return {
    calls,
    goodTokens,
    failures,
    /** The calls of `method` (to `chatId`, when given). */
    sent(method: string, chatId?: number) {
      return calls.filter((c) => c.method === method && (chatId === undefined || c.body.chat_id === chatId));
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
