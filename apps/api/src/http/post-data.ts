import type { Readable } from "node:stream";
import { ErrorBodySchema, okSchema } from "@vetportal/contract";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";

/** A route plugin's instance (the zod type provider), or any scope registered inside it. */
export type App = Parameters<FastifyPluginAsyncZod>[0];

/** Error answers a route declares in its own schema (answered with the error envelope). */
export type ErrorStatus = 401 | 403 | 404 | 409 | 422 | 429;

/**
 * What every route declares: its route config (`access`, default any signed-in user;
 * `invalidatesCaches`), its OpenAPI tags and summary, its body and headers (zod, validated by
 * Fastify), the media types it consumes when not JSON, and error answers its schema lists.
 */
export type RouteSpec<B extends z.ZodType, H extends z.ZodType> = FastifyContextConfig & {
  tags: string[];
  summary: string;
  body?: B;
  headers?: H;
  consumes?: string[];
  errors?: ErrorStatus[];
  /** A larger body than the app's 1 MB, in bytes (a file sent as base64, decision 044). */
  bodyLimit?: number;
};

/** A route answering `{ result: 1, data }` (with `found_rows` when the handler returns a `page()`). */
export type DataRoute<B extends z.ZodType, H extends z.ZodType, D extends z.ZodType> = RouteSpec<B, H> & { data: D };
/** A route answering a whole legacy shape of its own (sign-in's flat answer). */
export type AnswerRoute<B extends z.ZodType, H extends z.ZodType, A extends z.ZodType> = RouteSpec<B, H> & {
  answer: A;
};
/** A route answering a file download (an attachment, not JSON). */
export type DownloadRoute<B extends z.ZodType, H extends z.ZodType> = RouteSpec<B, H> & { download: true };

/** The request a handler gets: its body and headers typed by the route's schemas. */
export type PostRequest<B extends z.ZodType, H extends z.ZodType> = FastifyRequest & {
  body: z.infer<B>;
  headers: z.infer<H>;
};
type Handler<B extends z.ZodType, H extends z.ZodType, T> = (
  request: PostRequest<B, H>,
  reply: FastifyReply,
) => T | Promise<T>;

/** One page of a list and the number of rows the filter finds (`found_rows` on the wire). */
export class Page<T> {
  constructor(
    readonly rows: T,
    readonly total: number | undefined,
  ) {}
}
/** Answers `{ result: 1, data: rows, found_rows: total }` from a `postData` handler. */
export const page = <T>(rows: T, total?: number) => new Page(rows, total);

/** A file to download: sent as an attachment with this media type (a stream is sent as it is read). */
export interface Download {
  type: string;
  fileName: string;
  body: string | Buffer | Readable;
}

const errorSchemas = (errors: ErrorStatus[] = []) => Object.fromEntries(errors.map((s) => [s, ErrorBodySchema]));

/**
 * POST `url`: the one way the API declares a route (the GET-only media, health, readiness, settings,
 * docs and report download aside). With `data`, the handler returns the data and the answer is
 * `{ result: 1, data }` (a `page(rows, total)` adds `found_rows`); with `answer`, it returns the
 * whole answer; with `download`, it returns a `Download`. Fastify validates the body and the answer
 * with the contract's schemas and documents both in the OpenAPI description; the handler's own type
 * checks what it returns against the same schemas.
 */
export function postData<B extends z.ZodType, H extends z.ZodType, D extends z.ZodType>(
  app: App,
  url: string,
  spec: DataRoute<B, H, D>,
  handler: Handler<B, H, z.input<D> | Page<z.input<D>>>,
): void;
export function postData<B extends z.ZodType, H extends z.ZodType, A extends z.ZodType>(
  app: App,
  url: string,
  spec: AnswerRoute<B, H, A>,
  handler: Handler<B, H, z.input<A>>,
): void;
export function postData<B extends z.ZodType, H extends z.ZodType>(
  app: App,
  url: string,
  spec: DownloadRoute<B, H>,
  handler: Handler<B, H, Download>,
): void;
export function postData<B extends z.ZodType, H extends z.ZodType>(
  app: App,
  url: string,
  spec: RouteSpec<B, H> & { data?: z.ZodType; answer?: z.ZodType; download?: true },
  handler: Handler<B, H, unknown>,
): void {
  const { tags, summary, body, headers, consumes, errors, data, answer, download, bodyLimit, ...config } = spec;
  const success = data ? okSchema(data) : answer;
  const response = success || errors ? { ...(success ? { 200: success } : {}), ...errorSchemas(errors) } : undefined;
  const reply = async (request: FastifyRequest, res: FastifyReply) => {
    const out = await handler(request as PostRequest<B, H>, res);
    if (download) {
      const file = out as Download;
      return res
        .type(file.type)
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .send(file.body);
    }
    if (!data) return out;
    if (!(out instanceof Page)) return { result: 1 as const, data: out };
    return { result: 1 as const, data: out.rows, ...(out.total === undefined ? {} : { found_rows: out.total }) };
  };
  // Registered through the plain instance: the handler's own type (above) checks the answer
  // against the schema; Fastify's types cannot follow a generic schema here.
  (app as FastifyInstance).post(
    url,
    {
      ...(Object.keys(config).length > 0 ? { config } : {}),
      ...(bodyLimit ? { bodyLimit } : {}),
      schema: {
        tags,
        summary,
        ...(consumes ? { consumes } : {}),
        ...(headers ? { headers } : {}),
        ...(body ? { body } : {}),
        ...(response ? { response } : {}),
      },
    },
    reply,
  );
}
