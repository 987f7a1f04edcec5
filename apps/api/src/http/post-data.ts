import { okSchema } from "@vetportal/contract";
import type { FastifyContextConfig, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * What a route declares: its route config (`access`, default any signed-in user; `invalidatesCaches`),
 * its OpenAPI tags and summary, its body and the `data` it answers.
 */
export type DataRoute<B extends z.ZodType, D extends z.ZodType> = FastifyContextConfig & {
  tags: string[];
  summary: string;
  body?: B;
  data: D;
};

/**
 * POST `url`, answering `{ result: 1, data }` with what `handler` returns: the shape of most of the
 * API's routes. Fastify still validates the body and the answer with the contract's schemas, and
 * documents both in the OpenAPI description.
 */
export function postData<B extends z.ZodType, D extends z.ZodType>(
  app: App,
  url: string,
  { tags, summary, body, data, ...config }: DataRoute<B, D>,
  handler: (request: FastifyRequest & { body: z.infer<B> }) => z.input<D> | Promise<z.input<D>>,
) {
  const reply = async (request: FastifyRequest) => ({
    result: 1 as const,
    data: await handler(request as FastifyRequest & { body: z.infer<B> }),
  });
  app.post(
    url,
    {
      ...(Object.keys(config).length > 0 ? { config } : {}),
      schema: { tags, summary, ...(body ? { body } : {}), response: { 200: okSchema(data) } },
    },
    // `handler`'s own type checks `data` against the schema; Fastify's types cannot follow D here.
    reply as never,
  );
}
