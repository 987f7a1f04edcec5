import { MESSAGES } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { bearer } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";

const t = useSignedInApp();

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(t.admin) });

describe("departments", () => {
  let id: number;
  it("adds a department with cc emails (duplicates dropped) and users", async () => {
    const users = (await post("/api/user/list", { limit: 2 })).json().data.map((u: { id: number }) => u.id);
    const res = await post("/api/department/add", {
      name: "Equine Outreach",
      department_code: "EQO",
      ups_number: "UPS-1",
      billing_reports: true,
      cc_order_emails: ["a@equine.test", "A@equine.test", "b@equine.test"],
      user_list: users,
    });
    expect(res.statusCode).toBe(200);
    id = res.json().data.id;
    const detail = (await post("/api/department/query", { id })).json().data;
    expect(detail).toMatchObject({
      name: "Equine Outreach",
      department_code: "EQO",
      billing_reports: true,
      cc_order_emails: ["a@equine.test", "b@equine.test"],
    });
    expect(detail.user_list.map((u: { id: number }) => u.id).sort()).toEqual([...users].sort());
  });

  it("adds a cc email only when it is not already listed", async () => {
    expect(
      (await post("/api/department/addCCEmails", { id, email: "c@equine.test" })).json().data.cc_order_emails,
    ).toHaveLength(3);
    expect(
      (await post("/api/department/addCCEmails", { id, email: "C@equine.test" })).json().data.cc_order_emails,
    ).toHaveLength(3);
    expect((await post("/api/department/addCCEmails", { id, email: "" })).statusCode).toBe(400);
  });

  it("requires a name, with the spec's message", async () => {
    const res = await post("/api/department/add", { name: " " });
    expect(res.json().error.fields).toEqual({ name: MESSAGES.departmentNameRequired });
  });

  it("lists with a name filter and a total, modifies, and soft-deletes", async () => {
    const list = (await post("/api/department/list", { name: "equine" })).json();
    expect(list.found_rows).toBe(1);
    expect(list.data[0]).toMatchObject({ id, name: "Equine Outreach", user_count: 2 });
    expect(
      (await post("/api/department/update", { id, name: "Equine & Farm Outreach", cc_order_emails: [] })).statusCode,
    ).toBe(200);
    expect((await post("/api/department/query", { id })).json().data).toMatchObject({
      name: "Equine & Farm Outreach",
      cc_order_emails: [],
      user_list: [],
    });
    expect((await post("/api/department/delete", { id, permanent: 0 })).statusCode).toBe(200);
    expect((await post("/api/department/list", { name: "equine" })).json().found_rows).toBe(0);
    expect((await post("/api/department/query", { id })).statusCode).toBe(404);
  });

  it("adds and lists a department address", async () => {
    const [dept] = (await post("/api/department/list", {})).json().data;
    const res = await post("/api/address/add", {
      belong_to: "department",
      owner_id: dept.id,
      contact: "Front desk",
      line1: "1 Depot Way",
      city: "Reno",
      state: "NV",
      zip_code: "89501",
      country: 186,
    });
    expect(res.statusCode).toBe(200);
    const list = (await post("/api/address/query", { belong_to: "department", owner_id: dept.id })).json().data;
    expect(list.map((a: { line1: string }) => a.line1)).toContain("1 Depot Way");
  });
});

describe("cost centers", () => {
  it("requires a name and at least one department", async () => {
    const res = await post("/api/costcenter/add", { name: "", department_list: [] });
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["department_list", "name"]);
    expect((await post("/api/costcenter/add", { name: "X", department_list: [99999] })).statusCode).toBe(400);
  });

  it("adds, lists, modifies and soft-deletes a cost center", async () => {
    const depts = (await post("/api/department/list", {})).json().data.map((d: { id: number }) => d.id);
    const add = await post("/api/costcenter/add", { name: "CC-900 Events", department_list: depts.slice(0, 2) });
    const id = add.json().data.id;
    const row = (await post("/api/costcenter/query", { id })).json().data;
    expect(row.department_list.sort()).toEqual(depts.slice(0, 2).sort());
    expect(row.department_names).toHaveLength(2);
    expect(
      (await post("/api/costcenter/update", { id, name: "CC-900 Trade Shows", department_list: [depts[2]] }))
        .statusCode,
    ).toBe(200);
    expect((await post("/api/costcenter/query", { id })).json().data).toMatchObject({
      name: "CC-900 Trade Shows",
      department_list: [depts[2]],
    });
    expect((await post("/api/costcenter/list", {})).json().data.map((c: { name: string }) => c.name)).toContain(
      "CC-900 Trade Shows",
    );
    expect((await post("/api/costcenter/delete", { id, permanent: 0 })).statusCode).toBe(200);
    expect((await post("/api/costcenter/query", { id })).statusCode).toBe(404);
  });
});
