import { MESSAGES } from "@vetportal/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN, bearer, PRACTICE, queryRows, signIn, signInAdmin, signInPractice } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { SF_ADDRESS } from "../../../test/support/fixtures.ts";
import { users } from "../../db/schema/index.ts";

const t = useSignedInApp();

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: token ? bearer(token) : {} });

const form = {
  practice_name: "Maple Grove Animal Clinic",
  email: "frontdesk@maplegrove.test",
  phone: "614-555-0199",
  contact: "Dana Whitfield",
  line1: "400 Maple Avenue",
  city: "Columbus",
  state: "OH",
  zip_code: "43215",
};

describe("admin endpoints refuse anonymous callers and practices", () => {
  it.each([
    "/api/user/list",
    "/api/user/add",
    "/api/user/updatepractice",
    "/api/user/delete",
    "/api/user/vetNameList",
    "/api/department/list",
    "/api/department/add",
    "/api/department/query",
    "/api/department/update",
    "/api/department/delete",
    "/api/department/addCCEmails",
    "/api/costcenter/list",
    "/api/costcenter/add",
    "/api/costcenter/query",
    "/api/costcenter/update",
    "/api/costcenter/delete",
    "/api/product/add",
    "/api/product/update",
    "/api/product/image",
    "/api/product/export",
    "/api/product/destroy",
    "/api/inventory/replenish",
    "/api/inventory/adjust",
    "/api/inventory/ledger",
  ])("%s: 401 without a token, 403 for a practice", async (url) => {
    expect((await post(url, {})).statusCode).toBe(401);
    const res = await post(url, {}, t.practice);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("FORBIDDEN");
  });
});

describe("POST /api/user/list", () => {
  it("pages with real offsets and a real total", async () => {
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where not is_deleted`,
    );
    const first = (await post("/api/user/list", { limit: 10, offset: 0 }, t.admin)).json();
    const second = (await post("/api/user/list", { limit: 10, offset: 10 }, t.admin)).json();
    expect(first.found_rows).toBe(count?.n);
    expect(first.data).toHaveLength(10);
    expect(second.data[0].id).toBeLessThan(first.data[9].id);
    expect(new Set([...first.data, ...second.data].map((u: { id: number }) => u.id)).size).toBe(20);
    expect((await post("/api/user/list", { limit: 10, offset: 1000 }, t.admin)).json().data).toEqual([]);
  });

  it("filters by name, email, practice, level and department", async () => {
    const byPractice = (await post("/api/user/list", { representation: "happy paws" }, t.admin)).json();
    expect(byPractice.data.map((u: { representation: string }) => u.representation)).toEqual([PRACTICE.address_name]);
    expect(byPractice.found_rows).toBe(1);
    const managers = (await post("/api/user/list", { user_level_id: 2, limit: 100 }, t.admin)).json();
    expect(managers.data.every((u: { user_level: string }) => u.user_level === "Manager")).toBe(true);
    const byEmail = (await post("/api/user/list", { email: "ADMIN@" }, t.admin)).json();
    expect(byEmail.data[0]).toMatchObject({ email: ADMIN.email, user_level: "Administrator" });
    expect((await post("/api/user/list", { last_name: "Lopez", first_name: "Maria" }, t.admin)).json().found_rows).toBe(
      1,
    );
    // One free text over the full name, email and practice (the reports' user suggestions).
    const search = async (text: string) =>
      (await post("/api/user/list", { search: text, limit: 100 }, t.admin))
        .json()
        .data.map((u: { id: number }) => u.id);
    const [maria] = (await post("/api/user/list", { last_name: "Lopez", first_name: "Maria" }, t.admin)).json().data;
    expect(await search("maria lopez")).toContain(maria.id);
    expect(await search("happy paws")).toEqual(byPractice.data.map((u: { id: number }) => u.id));
    expect(await search("admin@vetportal")).toEqual([byEmail.data[0].id]);
    expect((await post("/api/user/list", { limit: 31 }, t.admin)).statusCode).toBe(200);
    expect((await post("/api/user/list", { limit: 0 }, t.admin)).statusCode).toBe(400);
  });
});

describe("adding and modifying practices", () => {
  let id: number;
  it("adds a practice with its role fields; it can then sign in", async () => {
    const res = await post("/api/user/add", { ...form, user_level_id: 2, is_approver: true }, t.admin);
    expect(res.statusCode).toBe(200);
    id = res.json().data.id;
    const detail = (await post("/api/user/query", { id }, t.admin)).json().data;
    expect(detail).toMatchObject({
      representation: form.practice_name,
      user_level: "Manager",
      is_approver: true,
      line1: form.line1,
      contact: "Dana Whitfield",
    });
    await signInPractice(t.app, { address_name: form.practice_name, line1: form.line1, zip_code: form.zip_code });
  });

  it("modifies the practice and its address", async () => {
    const res = await post(
      "/api/user/updatepractice",
      { ...form, id, line1: "410 Maple Avenue", phone: "614-555-0100" },
      t.admin,
    );
    expect(res.statusCode).toBe(200);
    const detail = (await post("/api/user/query", { id }, t.admin)).json().data;
    expect(detail).toMatchObject({ line1: "410 Maple Avenue", phone: "614-555-0100", user_level: "Manager" });
  });

  it("refuses an undeliverable address, a taken email and unknown users, changing nothing", async () => {
    const bad = await post("/api/user/updatepractice", { ...form, id, zip_code: "94105" }, t.admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ zip_code: MESSAGES.addressNotDeliverable });
    const taken = await post("/api/user/updatepractice", { ...form, id, email: ADMIN.email }, t.admin);
    expect(taken.statusCode).toBe(409);
    expect((await post("/api/user/updatepractice", { ...form, id: 999999 }, t.admin)).statusCode).toBe(404);
    expect((await post("/api/user/query", { id }, t.admin)).json().data.email).toBe(form.email);
  });

  it("gives each missing field its own message", async () => {
    const res = await post("/api/user/add", { state: "OH" }, t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      practice_name: MESSAGES.practiceNameRequired,
      contact: MESSAGES.contactRequired,
      phone: MESSAGES.phoneRequired,
      city: MESSAGES.cityRequired,
    });
  });

  it("inactivates, then soft-deletes: the user leaves the lists and cannot sign in", async () => {
    expect((await post("/api/user/update", { id, is_active: 0 }, t.admin)).json().data.is_active).toBe(false);
    const signInAttempt = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth",
        payload: {
          method: "address",
          address_name: form.practice_name,
          line1: "410 Maple Avenue",
          zip_code: form.zip_code,
        },
      });
    expect((await signInAttempt()).statusCode).toBe(401);
    expect(
      (await post("/api/user/list", { representation: "Maple Grove", is_active: 1 }, t.admin)).json().found_rows,
    ).toBe(0);
    expect((await post("/api/user/delete", { id, permanent: 0 }, t.admin)).statusCode).toBe(200);
    expect((await post("/api/user/list", { representation: "Maple Grove" }, t.admin)).json().found_rows).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ is_deleted: true });
    expect((await post("/api/user/delete", { id, permanent: 1 }, t.admin)).statusCode).toBe(400);
  });

  it("lists practice names for the filter", async () => {
    const names = (await post("/api/user/vetNameList", {}, t.admin))
      .json()
      .data.map((p: { representation: string }) => p.representation);
    expect(names).toContain(PRACTICE.address_name);
  });
});

describe("account (any signed-in user)", () => {
  it("updates own personal info, but not another user's or own level", async () => {
    const res = await post(
      "/api/user/update",
      {
        id: t.practiceUserId,
        first_name: "Mara",
        last_name: "Lopez",
        title: "Owner",
        email: "mara@happypaws.test",
        phone: "415-555-0111",
      },
      t.practice,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: "Mara", title: "Owner", phone: "415-555-0111" });
    expect((await post("/api/user/update", { id: 1, first_name: "X" }, t.practice)).statusCode).toBe(403);
    expect((await post("/api/user/update", { id: t.practiceUserId, user_level_id: 3 }, t.practice)).statusCode).toBe(
      403,
    );
    expect(
      (await post("/api/user/update", { id: t.practiceUserId, email: "bad" }, t.practice)).json().error.fields.email,
    ).toBe(MESSAGES.invalidEmailFormat);
    expect((await post("/api/user/query", { id: 1 }, t.practice)).statusCode).toBe(404);
  });

  it("changes the password for real: the new one signs in, the old one does not", async () => {
    const login = await signInAdmin(t.app);
    const weak = await post(
      "/api/user/changePassword",
      { current_password: ADMIN.password, password: "short", confirmPassword: "short" },
      login.access_token,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBe(MESSAGES.passwordRule);
    const res = await post(
      "/api/user/changePassword",
      { current_password: ADMIN.password, password: "NewPass2027", confirmPassword: "NewPass2027" },
      login.access_token,
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth", payload: { method: "password", ...ADMIN } })).statusCode,
    ).toBe(401);
    const again = await signIn(t.app, { method: "password", email: ADMIN.email, password: "NewPass2027" });
    // Other sessions were signed out; the one that changed the password goes on.
    expect((await post("/api/useradmin/previlege", {}, t.admin)).statusCode).toBe(401);
    expect((await post("/api/useradmin/previlege", {}, login.access_token)).statusCode).toBe(200);
    t.admin = again.access_token;
  });

  it("adds an address to oneself and lists it", async () => {
    const address = SF_ADDRESS;
    const res = await post("/api/address/add", address, t.practice);
    expect(res.statusCode).toBe(200);
    const list = (await post("/api/address/query", { belong_to: "user" }, t.practice)).json().data;
    expect(list.map((a: { line1: string }) => a.line1)).toEqual(["120 Market Street", "500 Howard Street"]);
    expect((await post("/api/address/add", { ...address, owner_id: 1 }, t.practice)).statusCode).toBe(403);
    const missing = await post("/api/address/add", { belong_to: "user", country: 186 }, t.practice);
    expect(missing.json().error.fields).toMatchObject({
      contact: MESSAGES.contactRequired,
      line1: MESSAGES.addressRequired,
      city: MESSAGES.cityRequired,
    });
  });
});
