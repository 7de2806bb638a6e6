import { describe, expect, it } from 'vitest';
import { quantile, responseEnd } from './load-loop';

describe('load loop', () => {
  it('takes nearest-rank quantiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(xs, 0.5), quantile(xs, 0.95), quantile(xs, 0.99)]).toEqual([50, 95, 99]);
  });

  it('frames a Content-Length answer only once all of its body has arrived', () => {
    const full = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello');
    expect(responseEnd(full.subarray(0, 20))).toBeNull();
    expect(responseEnd(full.subarray(0, full.length - 1))).toBeNull();
    expect(responseEnd(full)).toEqual({ end: full.length, status: 200 });
  });

  it('frames a chunked answer at its last chunk', () => {
    const full = Buffer.from(
      'HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n',
    );
    expect(responseEnd(full.subarray(0, full.length - 3))).toBeNull();
    expect(responseEnd(full)).toEqual({ end: full.length, status: 404 });
  });

  it('frames an answer without a body (204) at its head', () => {
    const head = Buffer.from('HTTP/1.1 204 No Content\r\nX-A: b\r\n\r\n');
    expect(responseEnd(head)).toEqual({ end: head.length, status: 204 });
  });
});
