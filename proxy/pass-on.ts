// The forward and the answer passed on: checked against the registry and rewritten for the proxy when it fits the
// limit (bodies.ts), else streamed on as the target sent it; no answer met as the target gave it.
import type { Checked } from '../client/evidence/answer-check.js';
import { checkAnswer } from '../client/evidence/answer-check.js';
import { BodyTally, BODY_LIMIT, readUpTo } from './bodies.js';
import { decodeBody, UpstreamFailure, type UpstreamReply } from './forward.js';
import { downstreamCookie, downstreamLocation, downstreamText, isText } from './rewrite.js';
import { answer, finish, registerSecretsOf, textOf, timeoutOf, toRecord, type Call, type ProxyContext } from './call.js';

/** No answer from the target: the client meets what the target did (a reset as a reset, a close as a close), else a 502. */
function noAnswer(ctx: ProxyContext, call: Call, error: unknown): void {
  const e = error instanceof UpstreamFailure ? error : new UpstreamFailure('other', 'EFAILED', String(error));
  const timedOut = call.signal.aborted && !call.res.destroyed;
  const note = timedOut ? `no whole answer within ${timeoutOf(ctx) / 1000} s` : `${e.kind === 'other' ? e.code : e.kind} from the target`;
  const checked: Checked = { verdict: 'no answer', issues: [], note };
  if (e.kind === 'reset' && !timedOut) call.req.socket.resetAndDestroy();
  else if ((e.kind === 'close' && !timedOut) || call.res.headersSent) call.req.socket.destroy();
  else {
    const text = `hb-proxy: no answer from ${ctx.target.origin}: ${timedOut ? note : `${e.code} ${e.message}`}\n`;
    return answer(ctx, call, timedOut ? 504 : 502, { 'content-type': 'text/plain; charset=utf-8' }, text, checked);
  }
  finish(ctx, call, null, checked);
}

/** Forward the call and pass the answer on: checked and rewritten when it fits the limit, else streamed as it came. */
export async function forward(ctx: ProxyContext, call: Call): Promise<void> {
  let reply: UpstreamReply;
  let read: Awaited<ReturnType<typeof readUpTo>>;
  try {
    reply = await ctx.forwarder.send(call.method, call.pathAndQuery, call.requestHeaders, call.body, call.signal);
    read = await readUpTo(reply.body);
  } catch (error) {
    return noAnswer(
      ctx,
      call,
      error instanceof UpstreamFailure ? error : new UpstreamFailure('reset', 'ECONNRESET', (error as Error).message ?? String(error)),
    );
  }
  const upstream = toRecord(reply.headers);
  registerSecretsOf(reply.headers, undefined);
  call.exchange.responseHeaders = upstream;
  if (!read.whole) return streamOn(ctx, call, reply, read.chunks);
  let decoded: Buffer;
  try {
    decoded = decodeBody(upstream['content-encoding'], Buffer.concat(read.chunks));
  } catch (e) {
    const why = `could not decode Content-Encoding ${upstream['content-encoding']}: ${(e as Error).message}`;
    return noAnswer(ctx, call, new UpstreamFailure('other', 'EDECODE', why));
  }
  passOn(ctx, call, reply, decoded);
}

/** An answer within the limit: checked against the route's contract, its links and cookies rewritten for the proxy. */
function passOn(ctx: ProxyContext, call: Call, reply: UpstreamReply, body: Buffer): void {
  const upstream = call.exchange.responseHeaders;
  const type = upstream['content-type'] ?? '';
  const text = textOf(body, type);
  registerSecretsOf([], text);
  call.exchange.responseBody = text;
  const checked = checkAnswer(
    call.route,
    {
      method: call.method,
      url: call.url,
      status: reply.status,
      location: upstream.location ?? null,
      contentType: type,
      body: isText(type) ? body.toString('utf8') : '',
    },
    ctx.options.audit,
  );
  const out = reply.headers
    .filter(([k]) => !/^content-(encoding|length)$/i.test(k))
    .map(([k, v]): [string, string] => {
      const key = k.toLowerCase();
      if (key === 'location') return [k, downstreamLocation(v, ctx.origins)];
      if (key === 'set-cookie') return [k, downstreamCookie(v)];
      return [k, v];
    });
  const sent = isText(type) ? Buffer.from(downstreamText(body.toString('utf8'), ctx.origins)) : body;
  out.push(['Content-Length', String(sent.length)]);
  call.res.writeHead(reply.status, reply.statusMessage, out.flat());
  call.res.end(sent);
  finish(ctx, call, reply.status, checked);
}

/** An answer past the limit: passed on as the target sent it (encoding and all), counted and hashed, not checked. */
function streamOn(ctx: ProxyContext, call: Call, reply: UpstreamReply, read: Buffer[]): void {
  const tally = new BodyTally();
  const out = reply.headers.map(([k, v]): [string, string] => [k, k.toLowerCase() === 'set-cookie' ? downstreamCookie(v) : v]);
  call.res.writeHead(reply.status, reply.statusMessage, out.flat());
  for (const chunk of read) {
    tally.add(chunk);
    call.res.write(chunk);
  }
  reply.body.on('data', (c: Buffer) => tally.add(c));
  reply.body.pipe(call.res);
  const note = `over ${BODY_LIMIT / 1024 / 1024} MB: passed on as it came, not checked`;
  const end = (error?: Error) => {
    call.exchange.responseBody = tally.summary(error ? 'cut short' : 'passed on');
    if (error) return noAnswer(ctx, call, new UpstreamFailure('reset', 'ECONNRESET', error.message));
    finish(ctx, call, reply.status, { verdict: 'unchecked', issues: [], note });
  };
  reply.body.once('end', () => end()).once('error', end);
}
