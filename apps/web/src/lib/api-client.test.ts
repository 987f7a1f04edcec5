import { MESSAGES } from "@vetportal/contract";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiData, apiRequest } from "./api-client.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const Product = z.object({ id: z.number().int(), name: z.string() });

// The browser's window and an empty localStorage (Vitest runs the web's logic under Node): no session.
beforeAll(() => {
  globalThis.localStorage = {
    getItem: () => null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
    key: () => null,
    length: 0,
  } as Storage;
  globalThis.window = globalThis as unknown as Window & typeof globalThis;
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The ApiError a call rejects with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("apiData and apiRequest in development and the web's tests", () => {
  it("parse a success with the contract schema, dropping what it does not list", async () => {
    fetchMock.mockResolvedValueOnce(json({ result: 1, data: { id: 7, name: "Dental Chews", extra: true } }));
    expect(await apiData("/api/product/query", { body: { id: 7 }, schema: Product })).toEqual({
      id: 7,
      name: "Dental Chews",
    });
  });

  it("refuse a success that does not match the contract", async () => {
    fetchMock.mockResolvedValueOnce(json({ result: 1, data: { id: "7" } }));
    const error = await failure(apiData("/api/product/query", { body: { id: 7 }, schema: Product }));
    expect(error.code).toBe("INVALID_RESPONSE");
    expect(error.message).toBe(MESSAGES.internalError);
  });
});

describe("apiData and apiRequest in the production build", () => {
  beforeEach(() => {
    vi.stubEnv("DEV", false);
  });

  it("take a success as the API wrote it, without building or running its schema", async () => {
    const schema = { safeParse: vi.fn() } as unknown as typeof Product;
    const data = { id: 7, name: "Dental Chews" };
    fetchMock.mockResolvedValueOnce(json({ result: 1, data }));
    expect(await apiData("/api/product/query", { body: { id: 7 }, schema })).toEqual(data);
    fetchMock.mockResolvedValueOnce(json({ result: 1, data: [data], found_rows: 1 }));
    expect(await apiRequest("/api/product/list", { body: {}, schema })).toEqual({
      result: 1,
      data: [data],
      found_rows: 1,
    });
    expect(schema.safeParse).not.toHaveBeenCalled();
  });

  it("still give a refusal's code, message and fields", async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          result: 0,
          error: { code: "VALIDATION_FAILED", message: "Check the form.", fields: { name: "Enter a name." } },
        },
        422,
      ),
    );
    const error = await failure(apiData("/api/product/update", { body: {}, schema: Product }));
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_FAILED", fields: { name: "Enter a name." } });
    expect(error.message).toBe("Check the form.");
  });

  it("still refuse an answer that is not a success of the API (a proxy's page, an empty body)", async () => {
    fetchMock.mockResolvedValueOnce(new Response("<html>Bad gateway</html>", { status: 200 }));
    expect((await failure(apiData("/api/product/query", { body: {}, schema: Product }))).code).toBe("INVALID_RESPONSE");
    fetchMock.mockResolvedValueOnce(json({ data: { id: 7, name: "No envelope" } }));
    expect((await failure(apiData("/api/product/query", { body: {}, schema: Product }))).code).toBe("INVALID_RESPONSE");
  });
});
