import {
  type AllocationGrid,
  type AllowanceOutcome,
  balanceText,
  MY_ALLOWANCE_LEDGER_ROWS,
  type MyAllowance,
  type ProgrammeForm,
  periodStart,
  portalDay,
} from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import type { Bound } from "../../db/prepared.ts";
import { inRetriedTransaction } from "../../db/retry.ts";
import type { AllowanceUse } from "../../db/sql/allowance-change.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AuditRecorder } from "../audit/audit.service.ts";
import * as accounts from "./accounts.repository.ts";
import * as admin from "./admin.repository.ts";
import { allocationsCsv, checkPractices, importResult, parseAllocationsCsv } from "./allocation-csv.ts";
import { type AllowanceLine, balanceOf, giveBacksOf, orderUsesOf, outcomesOf } from "./allowance-rules.ts";

export type { AllowanceLine } from "./allowance-rules.ts";

export interface AllowancesDeps {
  db: Database;
  settings: Pick<Config, "CUSTOMER_ID">;
  audit: AuditRecorder;
}

/** The audit trail's person of a change (decision 043). */
const actorOf = (user: SessionUser) => ({ userId: user.userId, sessionId: user.sessionId });

/** An allocation's audit row: the account of the practice, programme and period, as it is now. */
async function recordAllocation(
  { audit }: AllowancesDeps,
  tx: Executor,
  user: SessionUser,
  what: { action: string; programme: { id: number; name: string }; userId: number; start: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  const account = await admin.findAccount(tx, {
    programmeId: what.programme.id,
    userId: what.userId,
    start: what.start,
  });
  await audit.record(tx, {
    actor: actorOf(user),
    kind: "allocation",
    action: what.action,
    recordId: account?.id ?? what.programme.id,
    label: `${what.programme.name} · practice #${what.userId} · ${what.start}`,
    before,
    after,
  });
}

/** The accounts of the practice's current periods, opened and the past periods closed first (an order's). */
async function openCurrent({ db, settings }: AllowancesDeps, userId: number, day?: string) {
  const input = { customerId: settings.CUSTOMER_ID, userId, day };
  await accounts.openAccounts(db, input);
  await accounts.closePastPeriods(db, input);
  return accounts.currentAccounts(db, input);
}

/** The practice's current balances, read only (a read never opens an account); in `db`'s transaction when given. */
const readCurrent = ({ db, settings }: AllowancesDeps, userId: number, executor: Executor = db) =>
  accounts.currentAccounts(executor, { customerId: settings.CUSTOMER_ID, userId });

/** The refusal of an order a "refuse" programme's balance is short for: its name and what is left. */
function refusalOf(rows: accounts.AccountRow[], refused: { account_id: number; balance: number }) {
  const a = rows.find((r) => r.account_id === refused.account_id);
  if (!a) return new AppError("CONFLICT", "Your allowance changed. Please review your order and try again.");
  const left = balanceText(refused.balance, refused.balance + a.used, a.unit);
  const message = `${a.name}: this order is over your allowance (${left} this ${a.period}). Reduce the order or ask your programme manager for more.`;
  return new AppError("ALLOWANCE_EXCEEDED", message, { items: message });
}

/** The practice-facing part: balances, preview, the order's uses and a cancel's give-back. */
function practiceSide(deps: AllowancesDeps) {
  return {
    /** The practice's balances now (the header chip and /allowance) and its ledger. */
    async myAllowance(user: SessionUser): Promise<MyAllowance> {
      const rows = await readCurrent(deps, user.userId);
      const ledger = await accounts.listLedger(deps.db, {
        customerId: deps.settings.CUSTOMER_ID,
        userId: user.userId,
        limit: MY_ALLOWANCE_LEDGER_ROWS,
      });
      return { balances: rows.map(balanceOf), ledger };
    },
    /** What these lines would do to each programme (programme-interface.md `preview`). */
    async preview(db: Executor, input: { userId: number; lines: AllowanceLine[] }): Promise<AllowanceOutcome[]> {
      return outcomesOf(await readCurrent(deps, input.userId, db), input.lines);
    },
    /**
     * What an order reads of the allowances, a JSON value inside the order's one read statement
     * (decision 038); `userId` may be the placeholder of a statement prepared by shape.
     */
    orderRead: (userId: Bound<number>) => accounts.orderRead({ customerId: deps.settings.CUSTOMER_ID, userId }),
    /**
     * Before an order's write, from what its read found (`read`, orderRead's value): its accounts
     * (opened, and past periods booked, first when a period rolled), what it does to each
     * (outcomes, for approvals) and the ledger rows its one statement writes (uses, each "approval"
     * account's with the over_by the write must find under the lock); `refusal` names the short
     * programme.
     */
    async forOrder(input: { userId: number; orderId: number; lines: AllowanceLine[]; read: unknown }) {
      const read = input.read as accounts.OrderRead;
      const rolled = read.unbooked || read.accounts.some((a) => a.account_id === null);
      const rows = rolled ? await openCurrent(deps, input.userId) : read.accounts;
      const outcomes = outcomesOf(rows, input.lines);
      return {
        outcomes,
        uses: orderUsesOf(rows, input.lines, input, outcomes) as AllowanceUse[],
        refusal: (refused: { account_id: number; balance: number }) => refusalOf(rows, refused),
      };
    },
    /**
     * Gives back what cancelled packs of an order held, in the caller's transaction (the order row
     * locked by it): per line, never more than it still holds.
     */
    async giveBack(
      tx: Executor,
      orderId: number,
      cancels: { productId: number; quantity: number; unitPriceCents: number }[],
      byUserId: number,
    ) {
      if (!cancels.length) return;
      const held = await accounts.orderUses(
        tx,
        orderId,
        cancels.map((c) => c.productId),
      );
      const back = giveBacksOf(held, cancels);
      await accounts.creditAccounts(
        tx,
        back.map((b) => ({ ...b, kind: "cancel" as const, orderId, userId: byUserId })),
      );
    },
  };
}

/** Refuses a programme id that is not the customer's; given `tx`, read in it with its row locked. */
async function programmeOf({ db, settings }: AllowancesDeps, id: number, tx?: Executor) {
  const p = await admin.findProgramme(tx ?? db, settings.CUSTOMER_ID, id, tx !== undefined);
  if (!p) throw new AppError("NOT_FOUND", "No such programme.", { programme_id: "No such programme." });
  return p;
}

async function refuseUnknownPractice({ db, settings }: AllowancesDeps, userId: number) {
  const [found] = await admin.findPractices(db, settings.CUSTOMER_ID, [userId]);
  if (!found) throw new AppError("NOT_FOUND", "No such practice.", { user_id: "No such practice." });
}

/**
 * Sets one allocation, again when a concurrent statement opened the account in between. Answers
 * the account's allotment as it was under its lock (null when this opened it): the audit's before,
 * so an allocation set again to what it already is (a CSV applied twice at once) records nothing.
 */
async function setOne(db: Executor, input: Parameters<typeof admin.setAllocation>[1]) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const set = await admin.setAllocation(db, input);
    if (set) return set.before;
  }
  throw new AppError("CONFLICT", "This allocation is being changed by someone else. Please try again.");
}

/** The administrators' programmes: added and changed, each change in the audit trail (decision 043). */
function programmeSide(deps: AllowancesDeps) {
  const { db, settings } = deps;
  return {
    listProgrammes: () => admin.listProgrammes(db, settings.CUSTOMER_ID),
    getProgramme: (id: number) => programmeOf(deps, id),
    addProgramme: (user: SessionUser, form: ProgrammeForm) =>
      inRetriedTransaction(db, async (tx) => {
        const row = await admin.insertProgramme(tx, settings.CUSTOMER_ID, form);
        const entry = { kind: "programme" as const, action: "create", recordId: row.id, label: form.name };
        await deps.audit.record(tx, { ...entry, actor: actorOf(user), after: form });
        return row;
      }),
    async updateProgramme(user: SessionUser, id: number, form: ProgrammeForm) {
      await inRetriedTransaction(db, async (tx) => {
        // The audit's "before" read under the row's lock (decision 043): two administrators' saves chain.
        const before = await programmeOf(deps, id, tx);
        await admin.updateProgramme(tx, settings.CUSTOMER_ID, id, form);
        await admin.reallotInherited(tx, { programmeId: id, byUserId: user.userId });
        const entry = { kind: "programme" as const, action: "update", recordId: id, label: form.name };
        await deps.audit.record(tx, { ...entry, actor: actorOf(user), before, after: form });
      });
      return { id };
    },
  };
}

/** The administrators' part: the grid, allocations, defaults, adjustments, CSV. */
function adminSide(deps: AllowancesDeps) {
  const { db, settings } = deps;
  const grid = async (programmeId: number, day?: string): Promise<AllocationGrid> => {
    const programme = await programmeOf(deps, programmeId);
    const start = periodStart(programme.period, day ?? portalDay());
    const [rows, defaults] = await Promise.all([
      admin.listGrid(db, { customerId: settings.CUSTOMER_ID, programmeId, start }),
      admin.listDepartmentDefaults(db, programmeId),
    ]);
    return { programme, period_start: start, rows, department_defaults: defaults };
  };
  return {
    grid,
    async exportCsv(programmeId: number, day?: string) {
      const g = await grid(programmeId, day);
      return { csv: allocationsCsv(g.rows, g.period_start), name: `allocations_${programmeId}_${g.period_start}.csv` };
    },
    async setAllocation(
      user: SessionUser,
      input: { programme_id: number; user_id: number; period: string; allotted: number },
    ) {
      const p = await programmeOf(deps, input.programme_id);
      await refuseUnknownPractice(deps, input.user_id);
      const start = periodStart(p.period, input.period);
      await inRetriedTransaction(db, async (tx) => {
        const row = { programmeId: p.id, userId: input.user_id, start, allotted: input.allotted };
        const before = await setOne(tx, { ...row, byUserId: user.userId, reason: "Allocation set" });
        const what = { action: "set", programme: p, userId: input.user_id, start };
        await recordAllocation(deps, tx, user, what, before, { allotted: input.allotted, own: true });
      });
      return null;
    },
    async setDepartmentDefault(
      user: SessionUser,
      input: { programme_id: number; department_id: number; allotted: number | null },
    ) {
      const p = await programmeOf(deps, input.programme_id);
      if (!(await admin.findDepartment(db, settings.CUSTOMER_ID, input.department_id))) {
        throw new AppError("NOT_FOUND", "No such department.", { department_id: "No such department." });
      }
      await inRetriedTransaction(db, async (tx) => {
        await admin.setDepartmentDefault(tx, {
          programmeId: p.id,
          departmentId: input.department_id,
          allotted: input.allotted,
        });
        await admin.reallotInherited(tx, { programmeId: p.id, byUserId: user.userId });
        await deps.audit.record(tx, {
          actor: actorOf(user),
          kind: "allocation",
          action: "department default",
          recordId: input.department_id,
          label: `${p.name} · department #${input.department_id} default`,
          after: { allotted: input.allotted },
        });
      });
      return null;
    },
    async adjust(
      user: SessionUser,
      input: { programme_id: number; user_id: number; period: string; delta: number; reason: string },
    ) {
      const p = await programmeOf(deps, input.programme_id);
      await refuseUnknownPractice(deps, input.user_id);
      const start = periodStart(p.period, input.period);
      await accounts.openAccounts(db, { customerId: settings.CUSTOMER_ID, userId: input.user_id, day: start });
      const account = await admin.findAccount(db, { programmeId: p.id, userId: input.user_id, start });
      if (!account) throw new AppError("CONFLICT", "This programme is not active: activate it first.");
      await inRetriedTransaction(db, async (tx) => {
        await accounts.creditAccounts(tx, [
          { accountId: account.id, kind: "adjustment", delta: input.delta, userId: user.userId, reason: input.reason },
        ]);
        const what = { action: "adjust", programme: p, userId: input.user_id, start };
        await recordAllocation(deps, tx, user, what, null, { delta: input.delta, reason: input.reason });
      });
      return null;
    },
    /** Reads a CSV of allocations; with `apply` and no refused row, sets them all in one transaction. */
    async importCsv(user: SessionUser, input: { programme_id: number; csv: string; apply: boolean }) {
      const p = await programmeOf(deps, input.programme_id);
      const parsed = parseAllocationsCsv(input.csv, p.period);
      const ids = [...new Set(parsed.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
      const found = await admin.findPractices(db, settings.CUSTOMER_ID, ids);
      const rows = checkPractices(parsed, new Set(found.map((f) => f.id)));
      if (!input.apply || rows.some((r) => r.error)) return importResult(rows, false);
      await inRetriedTransaction(db, async (tx) => {
        for (const r of rows) {
          if (r.user_id === null || r.period_start === null || r.allotted === null) continue;
          const row = { programmeId: p.id, userId: r.user_id, start: r.period_start, allotted: r.allotted };
          const before = await setOne(tx, { ...row, byUserId: user.userId, reason: "Allocation imported" });
          const what = { action: "import", programme: p, userId: r.user_id, start: r.period_start };
          await recordAllocation(deps, tx, user, what, before, { allotted: r.allotted, own: true });
        }
      });
      return importResult(rows, true);
    },
  };
}

/**
 * The allowances module (issue 23 §1, decision 039): programmes, per-practice accounts per period
 * and their ledger. Orders call forOrder before their one-statement write and giveBack in a
 * cancel's transaction; the practice reads its balances; administrators run the programmes.
 */
export function createAllowancesService(deps: AllowancesDeps) {
  return { ...practiceSide(deps), ...programmeSide(deps), ...adminSide(deps) };
}

export type AllowancesService = ReturnType<typeof createAllowancesService>;
