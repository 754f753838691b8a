// bench/lib/closed-loop.ts counts what a server really answered: every answer once, its status, bodies
// split over many reads or sent with the head, and no request left half read when it stops.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { closedLoop } from '../../bench/lib/closed-loop.ts';

describe('closedLoop', () => {
  it('counts each answer once with its status, whatever the body size', async () => {
    let answered = 0;
    let refused = 0;
    const server = createServer((request, response) => {
      answered++;
      // A 200 KB body arrives over many reads; a small one comes with the head.
      if (request.url?.startsWith('/big')) response.end(Buffer.alloc(200 * 1024, 97));
      else if (request.url?.startsWith('/missing')) {
        refused++;
        response.writeHead(404, { 'content-length': 17 }).end('{"success":false}');
      } else response.end('{"success":true}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const result = await closedLoop({
        url,
        paths: ['/big?a=1', '/small', '/missing', '/small'],
        headers: { 'accept-encoding': 'gzip' },
        connections: 3,
        seconds: 0.5,
      });
      assert.equal(result.errors, 0);
      assert.ok(result.requests > 20, `answers counted: ${result.requests}`);
      // Requests answered after the window closed are not counted; none is counted twice.
      assert.ok(
        result.requests <= answered && answered - result.requests <= 3,
        `${result.requests} of ${answered}`,
      );
      // Refusals answered after the window closed are not counted; none is counted twice.
      assert.ok(
        result.non_2xx <= refused && refused - result.non_2xx <= 3,
        `${result.non_2xx} non-2xx of ${refused} refusals`,
      );
      assert.ok(result.non_2xx > 0);
      assert.ok(result.p50_ms > 0 && result.p99_ms >= result.p50_ms);
      assert.ok(result.requests_per_second > 0);
    } finally {
      server.close();
    }
  });

  it('counts an answer it cannot frame as an error and stops that connection', async () => {
    const server = createServer((_request, response) => {
      response.write('{"chunked":');
      response.end('true}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const result = await closedLoop({ url, paths: ['/'], connections: 2, seconds: 0.2 });
      assert.equal(result.requests, 0);
      assert.equal(result.errors, 2);
    } finally {
      server.close();
    }
  });
});
