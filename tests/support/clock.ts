/**
 * A clock a test moves by hand (ms since the epoch), for the app's `now`
 * option: sessions expire and cached reads go stale without real waiting.
 */
export function testClock(start = Date.now()) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}
