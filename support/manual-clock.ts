import type { Clock } from "~/.server/core/clock";

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start = "2026-11-21T12:00:00.000Z") {
    this.current = Date.parse(start);
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current += ms;
  }
  set(iso: string) {
    this.current = Date.parse(iso);
  }
}
