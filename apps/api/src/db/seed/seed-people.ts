import { USER_LEVEL } from "@vetportal/contract";
import { eq } from "drizzle-orm";
import * as t from "../schema/index.ts";
import type { SeedContext } from "./context.ts";
import { DEMO_COST_CENTERS, DEMO_DEPARTMENTS, DEMO_PRACTICES } from "./demo-people.ts";

export const DEMO_ADMIN = { email: "admin@vetportal.example", password: "VetPortal2026" } as const;

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");

/**
 * Customer 1850 and its delivery methods come from the migrations; demo data for another customer
 * id gets that customer and the same list. Returns the delivery methods.
 */
export async function seedCustomer({ db, customerId }: SeedContext) {
  await db
    .insert(t.customers)
    .values({ id: customerId, name: "Companion Animal Health Partners" })
    .onConflictDoNothing();
  const methods = await db.select().from(t.delivery_methods).orderBy(t.delivery_methods.id);
  const listed = await db
    .select({ id: t.customer_delivery_methods.delivery_method_id })
    .from(t.customer_delivery_methods)
    .where(eq(t.customer_delivery_methods.customer_id, customerId))
    .limit(1);
  if (!listed.length)
    await db
      .insert(t.customer_delivery_methods)
      .values(methods.map((m, i) => ({ customer_id: customerId, delivery_method_id: m.id, sort_order: i })));
  return methods;
}

/** Departments with their cc emails, and cost centers; a department's id by name, its cost centers by id. */
export async function seedDepartments({ db, customerId }: SeedContext) {
  const departments = await db
    .insert(t.departments)
    .values(
      DEMO_DEPARTMENTS.map((d) => ({
        customer_id: customerId,
        name: d.name,
        department_code: d.code,
        billing_reports: d.code === "VSE" || d.code === "VSW",
        ups_number: `UPS-${d.code}-${1000 + d.name.length}`,
        fedex_number: d.code === "SMP" ? null : `FDX-${d.code}-77${d.name.length}`,
        ltl_freight: d.code === "CAM" ? "Estes account 55-1203" : null,
      })),
    )
    .returning({ id: t.departments.id, name: t.departments.name });
  const deptId = (name: string) => departments.find((d) => d.name === name)?.id as number;
  await db
    .insert(t.department_cc_emails)
    .values(DEMO_DEPARTMENTS.flatMap((d) => d.cc.map((email) => ({ department_id: deptId(d.name), email }))));
  const costCenters = await db
    .insert(t.cost_centers)
    .values(DEMO_COST_CENTERS.map((c) => ({ customer_id: customerId, name: c.name })))
    .returning({ id: t.cost_centers.id, name: t.cost_centers.name });
  const costCentersOf = new Map<number, number[]>();
  const ccLinks = DEMO_COST_CENTERS.flatMap((c) =>
    c.departments.map((d) => ({
      cost_center_id: costCenters.find((x) => x.name === c.name)?.id as number,
      department_id: deptId(d),
    })),
  );
  for (const l of ccLinks)
    costCentersOf.set(l.department_id, [...(costCentersOf.get(l.department_id) ?? []), l.cost_center_id]);
  await db.insert(t.cost_center_departments).values(ccLinks);
  return { deptId, costCentersOf };
}

/** Staff: the administrator is inserted first so it gets id 1 (ADMIN_USER_ID's default). */
export async function seedStaff({ db, customerId }: SeedContext, adminHash: string, deptId: (name: string) => number) {
  await db.insert(t.users).values([
    {
      customer_id: customerId,
      first_name: "Alex",
      last_name: "Morgan",
      email: DEMO_ADMIN.email,
      password_hash: adminHash,
      phone: "800-555-0100",
      title: "Portal Administrator",
      representation: "Vet Portal Operations",
      user_level_id: USER_LEVEL.ADMINISTRATOR,
      department_id: deptId("Practice Development"),
      is_approver: true,
    },
  ]);
}

const eastStates = new Set(["NY", "MA", "PA", "GA", "FL", "DC", "OH", "TN"]);

/** Practices, each with its delivery address. */
export async function seedPractices({ db, rnd, customerId }: SeedContext, deptId: (name: string) => number) {
  const practices = [];
  for (const [i, p] of DEMO_PRACTICES.entries()) {
    const department =
      i % 9 === 8
        ? deptId("Shelter Medicine Program")
        : eastStates.has(p.state)
          ? deptId("Veterinary Sales East")
          : deptId("Veterinary Sales West");
    const [user] = await db
      .insert(t.users)
      .values({
        customer_id: customerId,
        first_name: p.contact[0],
        last_name: p.contact[1],
        // .test is reserved for examples and fits the 2–6 letter TLD rule of SPEC §5.
        email: `${slug(p.contact[0])}.${slug(p.contact[1])}@${slug(p.practice).slice(0, 24)}.test`,
        phone: `${rnd.int(201, 989)}-555-${String(rnd.int(100, 9999)).padStart(4, "0")}`,
        title: i % 3 === 0 ? "Practice Manager" : i % 3 === 1 ? "Office Manager" : "Veterinarian",
        representation: p.practice,
        user_level_id: i % 7 === 3 ? USER_LEVEL.MANAGER : USER_LEVEL.USER,
        department_id: department,
      })
      .returning();
    if (!user) throw new Error("practice not inserted");
    const [address] = await db
      .insert(t.addresses)
      .values({
        customer_id: customerId,
        belong_to: "user",
        owner_id: user.id,
        dropdown_name: "Practice",
        title: p.practice,
        company: p.practice,
        contact: `${p.contact[0]} ${p.contact[1]}`,
        line1: p.line1,
        city: p.city,
        state: p.state,
        zip_code: p.zip,
        country: 186,
        phone: user.phone,
        is_billing: true,
      })
      .returning();
    if (!address) throw new Error("address not inserted");
    practices.push({ user, address });
  }
  return practices;
}

export type SeededPractice = Awaited<ReturnType<typeof seedPractices>>[number];
