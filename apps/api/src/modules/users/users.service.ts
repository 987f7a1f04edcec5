import type { UserDetail, UserListRequest, UserUpdateRequestSchema } from "@vetportal/contract";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AuditActor, AuditRecorder } from "../audit/audit.service.ts";
import type { PasswordLinksService } from "../auth/password-links.service.ts";
import * as repo from "./users.repository.ts";

type UserUpdate = z.infer<typeof UserUpdateRequestSchema>;

export type UsersSettings = Pick<Config, "CUSTOMER_ID">;

interface UsersDeps {
  db: Database;
  settings: UsersSettings;
  /** An email change voids the links sent to the old address; an administrator sends new ones. */
  passwordLinks: PasswordLinksService;
  /** Every change to a user is recorded in the audit trail, in its own transaction. */
  audit: AuditRecorder;
}

type AuditedUser = NonNullable<Awaited<ReturnType<typeof repo.lockAuditedUser>>>;

/** How the audit trail names a user: the practice name, else the person's name, else the email. */
export function userLabel(u: Pick<AuditedUser, "id" | "first_name" | "last_name" | "representation" | "email">) {
  return u.representation || [u.first_name, u.last_name].filter(Boolean).join(" ") || u.email || `User ${u.id}`;
}

/** A user's audited fields without the id (the row names it). */
const audited = ({ id: _id, ...fields }: AuditedUser) => fields;

async function assertDepartment({ db, settings }: UsersDeps, departmentId: number | null | undefined) {
  if (departmentId && !(await repo.departmentExists(db, settings.CUSTOMER_ID, departmentId))) {
    throw new AppError("VALIDATION_FAILED", "This department does not exist.", {
      department_id: "Unknown department",
    });
  }
}

async function getUser({ db, settings }: UsersDeps, caller: SessionUser, id: number): Promise<UserDetail> {
  if (!caller.isAdmin && id !== caller.userId) throw new AppError("NOT_FOUND", "This user does not exist.");
  const row = await repo.findUserDetail(db, settings.CUSTOMER_ID, id);
  if (!row) throw new AppError("NOT_FOUND", "This user does not exist.");
  return row;
}

/**
 * Personal info for oneself; an administrator may also change anyone's status, level, approver flag
 * and department. Nobody changes their own level or department (SPEC §6).
 */
async function updateUser(deps: UsersDeps, caller: SessionUser, input: UserUpdate): Promise<UserDetail> {
  const { db, settings, passwordLinks } = deps;
  const { id, is_active, user_level_id, is_approver, department_id, ...personal } = input;
  const touchesRole =
    is_active !== undefined || user_level_id !== undefined || is_approver !== undefined || department_id !== undefined;
  if (!caller.isAdmin && id !== caller.userId) throw new AppError("FORBIDDEN");
  if (touchesRole && (!caller.isAdmin || id === caller.userId)) {
    throw new AppError("FORBIDDEN", "You cannot change your own status, level or department.");
  }
  await assertDepartment(deps, department_id);
  if (personal.email && (await repo.emailTaken(db, personal.email, id))) {
    throw new AppError("CONFLICT", "This email is already registered.", {
      email: "This email is already registered",
    });
  }
  const values = Object.fromEntries(
    Object.entries({ ...personal, is_active, user_level_id, is_approver, department_id }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  // Only an id is a no-op (200 with the user as it is), not an UPDATE without a SET (decision 028).
  if (Object.keys(values).length > 0) {
    const updated = await db.transaction(async (tx) => {
      const before = await repo.lockAuditedUser(tx, settings.CUSTOMER_ID, id);
      if (!before || !(await repo.updateUser(tx, settings.CUSTOMER_ID, id, values))) return false;
      // A set-password link works only at the address it was sent to (decision 026).
      if (personal.email !== undefined) await passwordLinks.voidPasswordLinks(tx, id, personal.email);
      const after = { ...before, ...values } as AuditedUser;
      await deps.audit.record(tx, {
        actor: caller,
        kind: "user",
        action: "update",
        recordId: id,
        label: userLabel(after),
        before: audited(before),
        after: audited(after),
      });
      return true;
    });
    if (!updated) throw new AppError("NOT_FOUND", "This user does not exist.");
  }
  return getUser(deps, caller, id);
}

/**
 * The users table's owner (issue 21 §1): the admin's user list and edits, and the writes other
 * modules make to a user row, each in the caller's transaction (`tx`): practices create and edit
 * practice rows, departments set their members, auth sets a password hash.
 */
export function createUsersService(deps: UsersDeps) {
  const { db, settings, passwordLinks } = deps;
  const customerId = settings.CUSTOMER_ID;
  return {
    assertDepartment: (departmentId: number | null | undefined) => assertDepartment(deps, departmentId),
    getUser: (caller: SessionUser, id: number) => getUser(deps, caller, id),
    updateUser: (caller: SessionUser, input: UserUpdate) => updateUser(deps, caller, input),

    async listUsers(filter: UserListRequest) {
      return repo.listUsers(db, customerId, {
        ...filter,
        is_active: filter.is_active === undefined ? undefined : filter.is_active === 1,
      });
    },

    listPracticeNames: () => repo.listPracticeNames(db, customerId),

    /** Soft delete (SPEC §4 "permanent 0"): the user disappears from lists and cannot sign in. */
    async deleteUser(caller: SessionUser, id: number) {
      if (id === caller.userId) throw new AppError("CONFLICT", "You cannot delete your own account.");
      await db.transaction(async (tx) => {
        const before = await repo.lockAuditedUser(tx, customerId, id);
        if (!before) throw new AppError("NOT_FOUND", "This user does not exist.");
        const gone = { is_deleted: true, is_active: false };
        await repo.updateUser(tx, customerId, id, gone);
        await deps.audit.record(tx, {
          actor: caller,
          kind: "user",
          action: "delete",
          recordId: id,
          label: userLabel(before),
          before: audited(before),
          after: { ...audited(before), ...gone },
        });
      });
    },

    /** An administrator emails a user a new one-time set-password link (older links stop working). */
    async sendPasswordLink(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const user = await repo.findActiveUser(tx, customerId, id);
        if (!user) throw new AppError("NOT_FOUND", "This user does not exist or is inactive.");
        await passwordLinks.issuePasswordLink(tx, user);
        await deps.audit.record(tx, {
          actor,
          kind: "user",
          action: "send set-password link",
          recordId: id,
          label: userLabel({ ...user, last_name: null, representation: null }),
          after: { link_sent_to: user.email },
        });
      });
    },

    /** A live user's audited fields, locked in the caller's transaction (practices audit their edits). */
    lockAuditedUser: (tx: Executor, id: number) => repo.lockAuditedUser(tx, customerId, id),

    /** A new user row (a practice's sign-up or the admin's Add User), in the caller's transaction. */
    insertUser: (tx: Executor, values: repo.UserValues) => repo.insertUser(tx, values),
    /** Updates a user row the caller has found live, in its transaction. */
    updateUserById: (tx: Executor, id: number, values: Partial<repo.UserValues>) => repo.updateUserById(tx, id, values),
    /** A new password hash, in the caller's transaction (auth spends links and revokes sessions beside it). */
    setPasswordHash: (tx: Executor, userId: number, passwordHash: string) =>
      repo.setPasswordHash(tx, userId, passwordHash),
    /** Listed users join the department, former members not listed leave it, in the caller's transaction. */
    setDepartmentMembers: (tx: Executor, departmentId: number, userIds: number[]) =>
      repo.setDepartmentMembers(tx, customerId, departmentId, userIds),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
