import { z } from "zod";

/**
 * A request schema that refuses fields it does not declare, at every depth (DESIGN §4: "unknown
 * fields are refused with 400, so a mistaken request never silently means something else";
 * decision 027). The contract's objects strip unknown keys, which the web's forms rely on; the API
 * applies this to every route's body (app.ts), so a route added later cannot forget it.
 *
 * Objects get a `never` catch-all unless they declare one of their own; wrappers (optional,
 * nullable, default, pipe, array, union, record) are rebuilt around strict inner schemas. The copies
 * keep their checks (refinements) and inherit the originals' metadata. An intersection is refused
 * outright: with both sides strict each would refuse the other's fields — use `.extend()`.
 */
export function refuseUnknownFields<T extends z.ZodType>(schema: T): T {
  return strict(schema, new WeakMap()) as T;
}

type Def = Record<string, unknown> & { type: string };

function strict(schema: z.ZodType, seen: WeakMap<z.ZodType, z.ZodType>): z.ZodType {
  const done = seen.get(schema);
  if (done) return done;
  const def = schema._zod.def as unknown as Def;
  const inner = (key: string) => strict(def[key] as z.ZodType, seen);
  let next: Def | null = null;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      next = {
        ...def,
        shape: Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strict(value, seen)])),
        catchall: def.catchall ?? z.never(),
      };
      break;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      next = { ...def, innerType: inner("innerType") };
      break;
    case "array":
      next = { ...def, element: inner("element") };
      break;
    case "record":
      next = { ...def, valueType: inner("valueType") };
      break;
    case "pipe":
      next = { ...def, in: inner("in"), out: inner("out") };
      break;
    case "union":
      next = { ...def, options: (def.options as z.ZodType[]).map((option) => strict(option, seen)) };
      break;
    case "intersection":
      throw new Error("An intersection cannot refuse unknown fields: build the request schema with .extend()");
  }
  const result = next ? schema.clone(next as never, { parent: true }) : schema;
  seen.set(schema, result);
  return result;
}
