import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { TemplateAnswerSchema, type TemplateSave, TemplateSchema } from "@vetportal/contract";
import { z } from "zod";
import { afterNextPaint } from "../../../lib/after-load.ts";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

export const TEMPLATE_QUERY_KEY = ["print-template"] as const;

/** POST /api/template/query (admin): a customizable product's print template, or null before the first. */
export const templateQueryOptions = (productId: number | undefined) =>
  queryOptions({
    queryKey: [...TEMPLATE_QUERY_KEY, productId],
    queryFn: ({ signal }) =>
      apiData("/api/template/query", { body: { product_id: productId }, schema: TemplateAnswerSchema, signal }),
  });

export function useTemplate(productId: number | undefined) {
  return useQuery({
    ...templateQueryOptions(productId),
    enabled: productId !== undefined,
    meta: { handlesErrors: true },
  });
}

/** POST /api/template/save (admin): a new version of the template; the editor shows failures itself. */
export function useSaveTemplate(productId: number) {
  return useRefreshingMutation(
    (body: TemplateSave) => apiData("/api/template/save", { body, schema: TemplateSchema }),
    [[...TEMPLATE_QUERY_KEY, productId], ["proof"]],
    { handlesErrors: true },
  );
}

export type PreviewRequest = TemplateSave & { user_id?: number };

/**
 * POST /api/template/preview (admin): the unsaved placement drawn with a practice's (or the
 * sample) brand, as a WebP data URL. `key` names the request without the base PDF's bytes (a new
 * file is named by its name, size and date); the previous image stays up while the next is made.
 */
export function useTemplatePreview(key: unknown, request: PreviewRequest | null) {
  return useQuery({
    queryKey: ["template-preview", key],
    // After the frame that shows the form: on a phone the preview is below the fields, and its
    // picture's bytes would otherwise be part of what the editor's first screen waits for (lever 39).
    queryFn: async ({ signal }) => {
      await afterNextPaint();
      return apiData("/api/template/preview", {
        body: request as PreviewRequest,
        schema: z.object({ preview: z.string() }),
        signal,
      });
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { handlesErrors: true },
  });
}
