import {
  type AddressRequestSchema,
  COUNTRY_ID_UNITED_STATES,
  MESSAGES,
  type Practice,
  USER_LEVEL,
} from "@vetportal/contract";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { normalizeAddressLine, normalizeForMatch } from "../../lib/normalisers.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AuditActor, AuditRecorder } from "../audit/audit.service.ts";
import type { PasswordLinksService } from "../auth/password-links.service.ts";
import type { DepartmentsService } from "../departments/departments.service.ts";
import { type UsersService, userLabel } from "../users/users.service.ts";
import { checkDeliverable } from "./address-validator.ts";
import * as repo from "./practices.repository.ts";

type AddressInput = z.infer<typeof AddressRequestSchema>;

export function assertDeliverable(address: { state: string; zip_code: string }) {
  if (!checkDeliverable(address).ok) {
    throw new AppError("ADDRESS_NOT_DELIVERABLE", MESSAGES.addressNotDeliverable, {
      zip_code: MESSAGES.addressNotDeliverable,
    });
  }
}

/**
 * An address we may ship to (issue 11): in the United States, a US state or DC (no territories),
 * and a ZIP that belongs to that state — sign-up's check (checkDeliverable), for every address a
 * user or an administrator adds, so an order can never ship to an address sign-up would refuse.
 * shippingProblem says what is wrong (the field and its message); assertShippable refuses it with
 * ADDRESS_NOT_DELIVERABLE (422) and the message under that field.
 */
export function shippingProblem(address: {
  country: number | null;
  state: string;
  zip_code: string;
}): { field: "country" | "state" | "zip_code"; message: string } | undefined {
  if (address.country !== COUNTRY_ID_UNITED_STATES) return { field: "country", message: MESSAGES.shipUsOnly };
  const check = checkDeliverable(address);
  if (check.ok) return undefined;
  if (check.reason === "state") return { field: "state", message: MESSAGES.stateNotShippable };
  if (check.reason === "zip_format") return { field: "zip_code", message: MESSAGES.zipFormat };
  return { field: "zip_code", message: MESSAGES.addressNotDeliverable };
}

export function assertShippable(address: { country: number; state: string; zip_code: string }) {
  const problem = shippingProblem(address);
  if (problem) throw new AppError("ADDRESS_NOT_DELIVERABLE", problem.message, { [problem.field]: problem.message });
}

/** "Maria Lopez" → first "Maria", last "Lopez"; a single word is the first name. */
export function splitContact(contact: string) {
  const [first, ...rest] = contact.trim().split(/\s+/);
  return { first_name: first ?? contact, last_name: rest.join(" ") || null };
}

export interface PracticeRole {
  user_level_id?: number;
  is_approver?: boolean;
  /** Every order of the user needs approval (issue 23 §2). */
  requires_approval?: boolean;
  /** Created by the public sign-up (the "first order" approval rule). */
  self_registered?: boolean;
  department_id?: number | null;
}

/**
 * Refuses a practice that is already registered at the same address (same name, line and zip as
 * sign-in would match them) or an email already in use; `exceptUserId` is the practice being edited.
 */
async function assertUnique(db: Executor, customerId: number, input: Practice, exceptUserId?: number) {
  const twins = await repo.findNamesakes(db, customerId, normalizeForMatch(input.practice_name));
  const line1 = normalizeAddressLine(input.line1);
  const zip = normalizeForMatch(input.zip_code);
  if (
    twins.some(
      (t) => t.id !== exceptUserId && normalizeAddressLine(t.line1) === line1 && normalizeForMatch(t.zip) === zip,
    )
  ) {
    throw new AppError("CONFLICT", "This practice is already registered at this address. Please sign in instead.", {
      practice_name: "Already registered at this address",
    });
  }
  const emailOwner = await repo.findEmailOwner(db, input.email);
  if (emailOwner && emailOwner.id !== exceptUserId) {
    throw new AppError("CONFLICT", "This email is already registered.", { email: "This email is already registered" });
  }
}

const addressValues = (input: Practice) => ({
  title: input.practice_name,
  company: input.practice_name,
  contact: input.contact,
  line1: input.line1,
  city: input.city,
  state: input.state,
  zip_code: input.zip_code,
  country: 186,
  phone: input.phone,
});

export type PracticesSettings = Pick<Config, "CUSTOMER_ID">;

interface PracticesDeps {
  db: Database;
  settings: PracticesSettings;
  /** A practice is a user row: the users module writes it, in the practice's transaction. */
  users: UsersService;
  /** A department's address needs a live department. */
  departments: DepartmentsService;
  /** A new staff account gets a set-password link; an email change voids the old address's links. */
  passwordLinks: PasswordLinksService;
  /** An administrator's Add User and Modify User are recorded in the audit trail. */
  audit: AuditRecorder;
}

/** A practice as the audit trail records it: its user row's fields and its first address, locked. */
async function auditedPractice({ users }: PracticesDeps, tx: Executor, id: number) {
  const user = await users.lockAuditedUser(tx, id);
  if (!user) return undefined;
  const { id: _id, ...fields } = user;
  return { label: userLabel(user), fields: { ...fields, ...(await repo.findFirstAddress(tx, id)) } };
}

/**
 * Sign-up and the admin's Add User (SPEC §4): validates the address, then creates the practice (a
 * user) and its delivery address in one transaction.
 */
async function addPractice(
  deps: PracticesDeps,
  actor: AuditActor | null,
  input: Practice,
  role: PracticeRole = {},
): Promise<{ id: number }> {
  const { db, settings, users, passwordLinks } = deps;
  assertDeliverable(input);
  return db.transaction(async (tx) => {
    await assertUnique(tx, settings.CUSTOMER_ID, input);
    const user = await users.insertUser(tx, {
      customer_id: settings.CUSTOMER_ID,
      ...splitContact(input.contact),
      email: input.email,
      phone: input.phone,
      representation: input.practice_name,
      user_level_id: role.user_level_id ?? 1,
      is_approver: role.is_approver ?? false,
      requires_approval: role.requires_approval ?? false,
      self_registered: role.self_registered ?? false,
      department_id: role.department_id ?? null,
    });
    await repo.insertAddress(tx, {
      customer_id: settings.CUSTOMER_ID,
      belong_to: "user",
      owner_id: user.id,
      dropdown_name: "Practice",
      is_billing: true,
      ...addressValues(input),
    });
    // Staff never sign in by address: they choose a password through an emailed link (decision 012).
    if (role.user_level_id === USER_LEVEL.ADMINISTRATOR) {
      await passwordLinks.issuePasswordLink(tx, {
        id: user.id,
        email: input.email,
        user_level_id: role.user_level_id,
        ...splitContact(input.contact),
      });
    }
    // A practice's own sign-up is no administrator's change; the admin's Add User is.
    const after = actor && (await auditedPractice(deps, tx, user.id));
    if (actor && after) {
      await deps.audit.record(tx, {
        actor,
        kind: "practice",
        action: "create",
        recordId: user.id,
        label: after.label,
        after: after.fields,
      });
    }
    return { id: user.id };
  });
}

/** The admin's Modify User: the same rules, then the practice and its first address are updated. */
async function updatePractice(
  deps: PracticesDeps,
  actor: AuditActor,
  id: number,
  input: Practice,
  role: PracticeRole = {},
): Promise<{ id: number }> {
  const { db, settings, users, passwordLinks } = deps;
  assertDeliverable(input);
  return db.transaction(async (tx) => {
    const before = await auditedPractice(deps, tx, id);
    if (!before || !(await repo.isLiveUser(tx, settings.CUSTOMER_ID, id)))
      throw new AppError("NOT_FOUND", "This user does not exist.");
    await assertUnique(tx, settings.CUSTOMER_ID, input, id);
    await users.updateUserById(tx, id, {
      ...splitContact(input.contact),
      email: input.email,
      phone: input.phone,
      representation: input.practice_name,
      ...(role.user_level_id !== undefined ? { user_level_id: role.user_level_id } : {}),
      ...(role.is_approver !== undefined ? { is_approver: role.is_approver } : {}),
      ...(role.requires_approval !== undefined ? { requires_approval: role.requires_approval } : {}),
      ...(role.department_id !== undefined ? { department_id: role.department_id } : {}),
    });
    // A set-password link works only at the address it was sent to (decision 026).
    await passwordLinks.voidPasswordLinks(tx, id, input.email);
    const firstAddressId = await repo.findFirstAddressId(tx, id);
    if (firstAddressId !== undefined) await repo.updateAddress(tx, firstAddressId, addressValues(input));
    else
      await repo.insertAddress(tx, {
        customer_id: settings.CUSTOMER_ID,
        belong_to: "user",
        owner_id: id,
        dropdown_name: "Practice",
        ...addressValues(input),
      });
    const after = await auditedPractice(deps, tx, id);
    await deps.audit.record(tx, {
      actor,
      kind: "practice",
      action: "update",
      recordId: id,
      label: after?.label ?? before.label,
      before: before.fields,
      after: after?.fields,
    });
    return { id };
  });
}

/** Own addresses for anyone; other users' and departments' addresses for administrators. */
async function listAddresses(
  { db, settings }: PracticesDeps,
  caller: SessionUser,
  belongTo: "user" | "department",
  ownerId?: number,
) {
  const owner = ownerId ?? caller.userId;
  if (!caller.isAdmin && (belongTo !== "user" || owner !== caller.userId)) throw new AppError("FORBIDDEN");
  return repo.listAddresses(db, settings.CUSTOMER_ID, belongTo, owner);
}

/**
 * Records an administrator's new address for another user (kind practice) or a department, in the
 * insert's transaction; one's own address book is no administrator's change.
 */
async function auditAddress(
  deps: PracticesDeps,
  tx: Executor,
  caller: SessionUser,
  address: AddressInput & { owner: number; departmentName?: string },
) {
  if (!caller.isAdmin || (address.belong_to === "user" && address.owner === caller.userId)) return;
  const label =
    address.departmentName ?? (await auditedPractice(deps, tx, address.owner))?.label ?? `User ${address.owner}`;
  const { owner: _owner, owner_id: _ownerId, belong_to: _belongTo, departmentName: _name, ...fields } = address;
  await deps.audit.record(tx, {
    actor: caller,
    kind: address.belong_to === "department" ? "department" : "practice",
    action: "add address",
    recordId: address.owner,
    label,
    after: fields,
  });
}

/** Adds an address to oneself (an administrator: to any user or department). */
async function addAddress(deps: PracticesDeps, caller: SessionUser, input: AddressInput) {
  const { db, settings, departments } = deps;
  const customerId = settings.CUSTOMER_ID;
  const owner = input.owner_id ?? (input.belong_to === "user" ? caller.userId : undefined);
  if (owner === undefined) {
    throw new AppError("VALIDATION_FAILED", "Choose the department.", { owner_id: "Choose the department" });
  }
  if (!caller.isAdmin && (input.belong_to !== "user" || owner !== caller.userId)) throw new AppError("FORBIDDEN");
  if (input.belong_to === "department" && !(await departments.isLiveDepartment(owner))) {
    throw new AppError("VALIDATION_FAILED", "This department does not exist.", { owner_id: "Unknown department" });
  }
  // Orders ship to these addresses: sign-up's US address check, before anything is stored.
  assertShippable(input);
  // Read before the transaction: on PGlite a read outside it would wait for it to end.
  const departmentName =
    input.belong_to === "department" && caller.isAdmin ? (await departments.getDepartment(owner)).name : undefined;
  const id = await db.transaction(async (tx) => {
    const inserted = await repo.insertAddress(tx, {
      customer_id: customerId,
      belong_to: input.belong_to,
      owner_id: owner,
      dropdown_name: input.dropdown_name ?? null,
      company: input.company ?? null,
      contact: input.contact,
      line1: input.line1,
      line2: input.line2 ?? null,
      city: input.city,
      state: input.state,
      zip_code: input.zip_code,
      country: input.country,
      phone: input.phone,
    });
    await auditAddress(deps, tx, caller, { ...input, owner, departmentName });
    return inserted;
  });
  const [address] = (await repo.listAddresses(db, customerId, input.belong_to, owner)).filter((a) => a.id === id);
  if (!address) throw new Error("address not stored");
  return address;
}

/** Practices (a user row and its addresses; issue 21 §1: the addresses table's owner). */
export function createPracticesService(deps: PracticesDeps) {
  return {
    /** Sign-up (no actor: the practice itself) or an administrator's Add User (recorded). */
    addPractice: (actor: AuditActor | null, input: Practice, role?: PracticeRole) =>
      addPractice(deps, actor, input, role),
    updatePractice: (actor: AuditActor, id: number, input: Practice, role?: PracticeRole) =>
      updatePractice(deps, actor, id, input, role),
    listAddresses: (caller: SessionUser, belongTo: "user" | "department", ownerId?: number) =>
      listAddresses(deps, caller, belongTo, ownerId),
    addAddress: (caller: SessionUser, input: AddressInput) => addAddress(deps, caller, input),
  };
}

export type PracticesService = ReturnType<typeof createPracticesService>;
