import type { CostCenterFormSchema, DepartmentDetail, DepartmentFormSchema } from "@vetportal/contract";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor, AuditRecorder } from "../audit/audit.service.ts";
import type { UsersService } from "../users/users.service.ts";
import * as repo from "./departments.repository.ts";

type DepartmentForm = z.infer<typeof DepartmentFormSchema>;
type CostCenterForm = z.infer<typeof CostCenterFormSchema>;

/** Distinct, case-insensitively: the same address twice is one cc email (SPEC §5). */
function uniqueEmails(emails: string[]) {
  const seen = new Map<string, string>();
  for (const e of emails) if (e && !seen.has(e.toLowerCase())) seen.set(e.toLowerCase(), e);
  return [...seen.values()];
}

export type DepartmentsSettings = Pick<Config, "CUSTOMER_ID">;

interface DepartmentsDeps {
  db: Database;
  settings: DepartmentsSettings;
  /** A department's members are users: their rows are the users module's to write. */
  users: UsersService;
  /** Every change is recorded in the audit trail, in its own transaction. */
  audit: AuditRecorder;
}

async function getDepartment(
  { db, settings }: DepartmentsDeps,
  id: number,
  executor: Executor = db,
): Promise<DepartmentDetail> {
  const found = await repo.findDepartment(executor, settings.CUSTOMER_ID, id);
  if (!found) throw new AppError("NOT_FOUND", "This department does not exist.");
  const { row, members, cc } = found;
  return {
    id: row.id,
    customer_id: row.customer_id,
    name: row.name,
    department_code: row.department_code,
    is_active: row.is_active,
    billing_reports: row.billing_reports,
    cost_center_required: row.cost_center_required,
    ups_number: row.ups_number,
    ltl_freight: row.ltl_freight,
    fedex_number: row.fedex_number,
    user_list: members.map((m) => ({
      id: m.id,
      name: m.representation ?? ([m.first_name, m.last_name].filter(Boolean).join(" ") || `User ${m.id}`),
    })),
    cc_order_emails: cc,
  };
}

const fields = (input: DepartmentForm) => ({
  name: input.name,
  department_code: input.department_code,
  is_active: input.is_active,
  billing_reports: input.billing_reports,
  cost_center_required: input.cost_center_required,
  ups_number: input.ups_number,
  fedex_number: input.fedex_number,
  ltl_freight: input.ltl_freight,
});

/** Replaces the department's membership: listed users join it, former members not listed leave it. */
async function setMembers({ users }: DepartmentsDeps, tx: Executor, id: number, userIds: number[]) {
  await repo.clearDepartmentUsers(tx, id);
  await users.setDepartmentMembers(tx, id, userIds);
}

/** What the audit trail records of a department: its fields, member ids and cc emails. */
function auditedDepartment(d: DepartmentDetail) {
  const { id: _id, customer_id: _customer, user_list, ...rest } = d;
  return { ...rest, user_list: user_list.map((u) => u.id) };
}

/** A department locked in the transaction, as it stands before the change. */
async function lockedDepartment(deps: DepartmentsDeps, tx: Executor, id: number) {
  if (!(await repo.lockDepartment(tx, deps.settings.CUSTOMER_ID, id)))
    throw new AppError("NOT_FOUND", "This department does not exist.");
  return getDepartment(deps, id, tx);
}

/** Records a department's change: its state before (none: created) and after (none: deleted). */
async function auditDepartment(
  deps: DepartmentsDeps,
  tx: Executor,
  actor: AuditActor,
  action: string,
  change: { before: DepartmentDetail | null; after: DepartmentDetail | null },
) {
  const record = (change.after ?? change.before) as DepartmentDetail;
  await deps.audit.record(tx, {
    actor,
    kind: "department",
    action,
    recordId: record.id,
    label: record.name,
    before: change.before && auditedDepartment(change.before),
    after: change.after && auditedDepartment(change.after),
  });
}

/** Departments: their fields, members and cc emails. */
function departmentOperations(deps: DepartmentsDeps) {
  const { db } = deps;
  const customerId = deps.settings.CUSTOMER_ID;

  async function assertUsers(tx: Executor, ids: number[]) {
    if ((await repo.countUsers(tx, customerId, ids)) !== new Set(ids).size) {
      throw new AppError("VALIDATION_FAILED", "Some users do not exist.", { user_list: "Unknown user" });
    }
  }

  return {
    getDepartment: (id: number) => getDepartment(deps, id),
    listDepartments: (filter: { name?: string; limit: number; offset: number }) =>
      repo.listDepartments(db, customerId, filter),

    async addDepartment(actor: AuditActor, input: DepartmentForm) {
      return db.transaction(async (tx) => {
        await assertUsers(tx, input.user_list);
        const id = await repo.insertDepartment(tx, { customer_id: customerId, ...fields(input) });
        await setMembers(deps, tx, id, input.user_list);
        await repo.setCcEmails(tx, id, uniqueEmails(input.cc_order_emails));
        await auditDepartment(deps, tx, actor, "create", { before: null, after: await getDepartment(deps, id, tx) });
        return { id };
      });
    },

    async updateDepartment(actor: AuditActor, id: number, input: DepartmentForm) {
      return db.transaction(async (tx) => {
        const before = await lockedDepartment(deps, tx, id);
        await assertUsers(tx, input.user_list);
        await repo.updateDepartment(tx, id, fields(input));
        await setMembers(deps, tx, id, input.user_list);
        await repo.setCcEmails(tx, id, uniqueEmails(input.cc_order_emails));
        await auditDepartment(deps, tx, actor, "update", { before, after: await getDepartment(deps, id, tx) });
        return { id };
      });
    },

    /** Soft delete; its members are left without a department. */
    async deleteDepartment(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const before = await lockedDepartment(deps, tx, id);
        await setMembers(deps, tx, id, []);
        await repo.updateDepartment(tx, id, { is_deleted: true, is_active: false });
        await auditDepartment(deps, tx, actor, "delete", { before, after: null });
      });
    },

    /** Adds a cc email only when it is not already listed (SPEC §5); returns the list. */
    async addCcEmail(actor: AuditActor, id: number, email: string) {
      const cc_order_emails = await db.transaction(async (tx) => {
        const before = await lockedDepartment(deps, tx, id);
        if (before.cc_order_emails.some((e) => e.toLowerCase() === email.toLowerCase())) return before.cc_order_emails;
        await repo.addCcEmail(tx, id, email);
        const after = await getDepartment(deps, id, tx);
        await auditDepartment(deps, tx, actor, "update", { before, after });
        return after.cc_order_emails;
      });
      return { cc_order_emails };
    },
  };
}

type CostCenterRow = Awaited<ReturnType<typeof repo.listCostCenters>>[number];

/** Records a cost center's change: its name, state and departments before and after. */
async function auditCostCenter(
  deps: DepartmentsDeps,
  tx: Executor,
  actor: AuditActor,
  action: string,
  change: { before: CostCenterRow | null; after: CostCenterRow | null },
) {
  const shown = (c: CostCenterRow | null) =>
    c && { name: c.name, is_active: c.is_active, department_list: c.department_list };
  const record = (change.after ?? change.before) as CostCenterRow;
  await deps.audit.record(tx, {
    actor,
    kind: "cost_center",
    action,
    recordId: record.id,
    label: record.name,
    before: shown(change.before),
    after: shown(change.after),
  });
}

/** Cost centers and the departments they serve. */
function costCenterOperations(deps: DepartmentsDeps) {
  const { db, settings } = deps;
  const customerId = settings.CUSTOMER_ID;
  const costCenterIn = async (tx: Executor, id: number) => (await repo.listCostCenters(tx, customerId, id))[0] ?? null;
  /** The cost center locked for the transaction, as it stands before the change. */
  const lockedCostCenter = async (tx: Executor, id: number) => {
    const found = (await repo.lockCostCenter(tx, customerId, id)) ? await costCenterIn(tx, id) : null;
    if (!found) throw new AppError("NOT_FOUND", "This cost center does not exist.");
    return found;
  };

  async function assertDepartments(ids: number[]) {
    if ((await repo.countDepartments(db, customerId, ids)) !== new Set(ids).size) {
      throw new AppError("VALIDATION_FAILED", "Some departments do not exist.", {
        department_list: "Unknown department",
      });
    }
  }

  return {
    listCostCenters: () => repo.listCostCenters(db, customerId),

    async getCostCenter(id: number) {
      const [row] = await repo.listCostCenters(db, customerId, id);
      if (!row) throw new AppError("NOT_FOUND", "This cost center does not exist.");
      return row;
    },

    async addCostCenter(actor: AuditActor, input: CostCenterForm) {
      await assertDepartments(input.department_list);
      return db.transaction(async (tx) => {
        const id = await repo.insertCostCenter(tx, {
          customer_id: customerId,
          name: input.name,
          is_active: input.is_active,
        });
        await repo.setCostCenterDepartments(tx, id, [...new Set(input.department_list)]);
        await auditCostCenter(deps, tx, actor, "create", { before: null, after: await costCenterIn(tx, id) });
        return { id };
      });
    },

    async updateCostCenter(actor: AuditActor, id: number, input: CostCenterForm) {
      await assertDepartments(input.department_list);
      return db.transaction(async (tx) => {
        const before = await lockedCostCenter(tx, id);
        await repo.updateCostCenter(tx, customerId, id, { name: input.name, is_active: input.is_active });
        await repo.setCostCenterDepartments(tx, id, [...new Set(input.department_list)]);
        await auditCostCenter(deps, tx, actor, "update", { before, after: await costCenterIn(tx, id) });
        return { id };
      });
    },

    async deleteCostCenter(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const before = await lockedCostCenter(tx, id);
        await repo.updateCostCenter(tx, customerId, id, { is_deleted: true, is_active: false });
        await auditCostCenter(deps, tx, actor, "delete", { before, after: null });
      });
    },
  };
}

/** Departments and cost centers (SPEC §7), and the department checks other modules ask for. */
export function createDepartmentsService(deps: DepartmentsDeps) {
  const customerId = deps.settings.CUSTOMER_ID;
  return {
    ...departmentOperations(deps),
    ...costCenterOperations(deps),
    /** How many of these ids are departments of the customer that are not deleted (duplicates once). */
    countLiveDepartments: (ids: number[]) => repo.countDepartments(deps.db, customerId, ids),
    /** The department's cc addresses (none without a department), in the caller's transaction. */
    ccEmailsOf: (tx: Executor, departmentId: number | null) => repo.listCcEmails(tx, departmentId),
    /** Whether this is a department of the customer that is not deleted. */
    isLiveDepartment: async (id: number) => (await repo.countDepartments(deps.db, customerId, [id])) === 1,
  };
}

export type DepartmentsService = ReturnType<typeof createDepartmentsService>;
