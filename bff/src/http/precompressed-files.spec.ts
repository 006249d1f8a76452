import { acceptedEncodings } from './precompressed-files.js';

describe('acceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['identity', []],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['x-gzip', ['gzip']],
    ['BR', ['br']],
    ['br;q=0, gzip', ['gzip']],
    ['br; q=0.5, gzip;q=0', ['br']],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, gzip;q=0', ['br']],
    ['br;q=0, gzip;q=0, *', []],
    ['br;q=bad', []],
  ])('%p allows %p', (header, expected) => {
    expect([...acceptedEncodings(header)].sort()).toEqual([...expected].sort());
  });
});
