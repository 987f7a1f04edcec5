/** The part of autocannon 8's programmatic API that load.ts uses (the package ships no types). */
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Changes each request before it is sent (e.g. a new Idempotency-Key). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }
  export interface Options extends Request {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds to wait for a response. */
    timeout?: number;
    requests?: Request[];
    /** Answer the run's raw counts and encoded histograms (a RawResult), for aggregateResult. */
    skipAggregateResult?: boolean;
  }
  export interface Result {
    /** Seconds. */
    duration: number;
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** What a run with skipAggregateResult answers: counts, and its histograms encoded. */
  export interface RawResult {
    /** Seconds, to the hundredth. */
    duration: number;
    totalCompletedRequests: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options & { skipAggregateResult: true }): Promise<RawResult>;
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    /** One Result of several raw ones: their latencies in one histogram (its duration is the first's). */
    function aggregateResult(results: RawResult[], options: Pick<Options, "url" | "connections">): Result;
  }
  export default autocannon;
}
