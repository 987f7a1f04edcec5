import {
  type AddressRequestSchema,
  MESSAGES,
  type UserDetail,
  type UserListRequest,
  type UserUpdateRequestSchema,
} from "@vetportal/contract";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { verifyPassword } from "../../lib/hashing.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { issuePasswordLink, replacePassword, voidPasswordLinks } from "../auth/auth.service.ts";
import { createSignInThrottle } from "../auth/throttle.ts";
import { assertShippable } from "../practices/practices.service.ts";
import * as repo from "./users.repository.ts";

type UserUpdate = z.infer<typeof UserUpdateRequestSchema>;
type AddressInput = z.infer<typeof AddressRequestSchema>;

export function createUsersService(db: Database, config: Config) {
  const customerId = config.CUSTOMER_ID;
  const attempt = createSignInThrottle(db, config);

  async function assertDepartment(departmentId: number | null | undefined) {
    if (departmentId && !(await repo.departmentExists(db, customerId, departmentId))) {
      throw new AppError("VALIDATION_FAILED", "This department does not exist.", {
        department_id: "Unknown department",
      });
    }
  }

  async function getUser(caller: SessionUser, id: number): Promise<UserDetail> {
    if (!caller.isAdmin && id !== caller.userId) throw new AppError("NOT_FOUND", "This user does not exist.");
    const row = await repo.findUserDetail(db, customerId, id);
    if (!row) throw new AppError("NOT_FOUND", "This user does not exist.");
    return row;
  }

  return {
    assertDepartment,
    getUser,

    async listUsers(filter: UserListRequest) {
      return repo.listUsers(db, customerId, {
        ...filter,
        is_active: filter.is_active === undefined ? undefined : filter.is_active === 1,
      });
    },

    listPracticeNames: () => repo.listPracticeNames(db, customerId),

    /**
     * Personal info for oneself; an administrator may also change anyone's status, level,
     * approver flag and department. Nobody changes their own level or department (SPEC §6).
     */
    async updateUser(caller: SessionUser, input: UserUpdate): Promise<UserDetail> {
      const { id, is_active, user_level_id, is_approver, department_id, ...personal } = input;
      const touchesRole =
        is_active !== undefined ||
        user_level_id !== undefined ||
        is_approver !== undefined ||
        department_id !== undefined;
      if (!caller.isAdmin && id !== caller.userId) throw new AppError("FORBIDDEN");
      if (touchesRole && (!caller.isAdmin || id === caller.userId)) {
        throw new AppError("FORBIDDEN", "You cannot change your own status, level or department.");
      }
      await assertDepartment(department_id);
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
          if (!(await repo.updateUser(tx, customerId, id, values))) return false;
          // A set-password link works only at the address it was sent to (decision 026).
          if (personal.email !== undefined) await voidPasswordLinks(tx, id, personal.email);
          return true;
        });
        if (!updated) throw new AppError("NOT_FOUND", "This user does not exist.");
      }
      return getUser(caller, id);
    },

    /** Soft delete (SPEC §4 "permanent 0"): the user disappears from lists and cannot sign in. */
    async deleteUser(caller: SessionUser, id: number) {
      if (id === caller.userId) throw new AppError("CONFLICT", "You cannot delete your own account.");
      if (!(await repo.updateUser(db, customerId, id, { is_deleted: true, is_active: false }))) {
        throw new AppError("NOT_FOUND", "This user does not exist.");
      }
    },

    /**
     * Changes the caller's own password (argon2id) and signs out their other sessions. Needs a
     * password sign-in (address facts are public) and the current password; a wrong one counts
     * against the sign-in throttle like a wrong sign-in (docs/decisions/012).
     */
    async changePassword(caller: SessionUser, input: { current_password: string; password: string }, ip: string) {
      if (caller.authMethod !== "password") throw new AppError("FORBIDDEN", MESSAGES.passwordNeedsPasswordSignIn);
      const user = await repo.findPasswordHolder(db, caller.userId);
      if (!user) throw new AppError("UNAUTHENTICATED");
      await attempt(
        ip,
        `email:${(user.email ?? `user-${caller.userId}`).toLowerCase()}`,
        async () => ((await verifyPassword(user.password_hash, input.current_password)) ? true : undefined),
        new AppError("VALIDATION_FAILED", MESSAGES.currentPasswordWrong, {
          current_password: MESSAGES.currentPasswordWrong,
        }),
      );
      await replacePassword(db, caller.userId, input.password, caller.sessionId);
    },

    /** An administrator emails a user a new one-time set-password link (older links stop working). */
    async sendPasswordLink(id: number) {
      await db.transaction(async (tx) => {
        const user = await repo.findActiveUser(tx, customerId, id);
        if (!user) throw new AppError("NOT_FOUND", "This user does not exist or is inactive.");
        await issuePasswordLink(tx, config, user);
      });
    },

    /** Own addresses for anyone; other users' and departments' addresses for administrators. */
    async listAddresses(caller: SessionUser, belongTo: "user" | "department", ownerId?: number) {
      const owner = ownerId ?? caller.userId;
      if (!caller.isAdmin && (belongTo !== "user" || owner !== caller.userId)) throw new AppError("FORBIDDEN");
      return repo.listAddresses(db, customerId, belongTo, owner);
    },

    async addAddress(caller: SessionUser, input: AddressInput) {
      const owner = input.owner_id ?? (input.belong_to === "user" ? caller.userId : undefined);
      if (owner === undefined) {
        throw new AppError("VALIDATION_FAILED", "Choose the department.", { owner_id: "Choose the department" });
      }
      if (!caller.isAdmin && (input.belong_to !== "user" || owner !== caller.userId)) throw new AppError("FORBIDDEN");
      if (input.belong_to === "department" && !(await repo.departmentExists(db, customerId, owner))) {
        throw new AppError("VALIDATION_FAILED", "This department does not exist.", { owner_id: "Unknown department" });
      }
      // Orders ship to these addresses: sign-up's US address check, before anything is stored.
      assertShippable(input);
      const id = await repo.insertAddress(db, {
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
      const [address] = (await repo.listAddresses(db, customerId, input.belong_to, owner)).filter((a) => a.id === id);
      if (!address) throw new Error("address not stored");
      return address;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
