// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { p50: number; p99: number; average: number };
  type Result = {
    "2xx": number;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
    latency: Histogram;
    requests: Histogram;
  };
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Replace each `[<id>]` in the body with a fresh random id per request. */
    idReplacement?: boolean;
    connections?: number;
    duration?: number;
    /** Requests sent in turn on each connection; `setupRequest` may change one before it leaves. */
    requests?: {
      setupRequest?: (request: RawRequest) => RawRequest;
    }[];
  };
  type RawRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
